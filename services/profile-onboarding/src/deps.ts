import type { CommunityStats } from '@mer/contracts';
import {
  defineConsumerFor,
  serviceDeps,
  type ServiceContext,
  type ServiceDeps,
  type TxContext,
} from '@mer/service-runtime';
import { WorkerFaceDetector, type FaceDetector } from './adapters/face-detector.ts';
import { photoStorageFromConfig, type PhotoStorage } from '@mer/service-runtime/photo-storage';
import type { ProfileOnboardingConfig } from './config.ts';
import type { ProfileOnboardingTables as Tables } from './db/tables.ts';
import { cachedCommunityStats, countCommunity } from './use-cases/community-stats.ts';
import { createReferenceData, type ReferenceData } from './use-cases/reference-data.ts';

/** profile-onboarding's tables (db/tables.ts): what ctx.db, deps.db and tx.trx are typed with. */
export type ProfileOnboardingTables = Tables;
export type ProfileOnboardingContext = ServiceContext<ProfileOnboardingConfig, ProfileOnboardingTables>;
export type ProfileOnboardingTx = TxContext<ProfileOnboardingTables>;

/** What routes, consumers, use cases and the start hook work with, built once per service instance. */
export interface ProfileOnboardingDeps extends ServiceDeps<ProfileOnboardingConfig, ProfileOnboardingTables> {
  /** Cities (memory), languages and practices. */
  reference: ReferenceData;
  /** Where photo files go: local folder or S3 bucket (@mer/service-runtime/photo-storage). */
  photoStorage: PhotoStorage;
  /** Face detection in worker threads, started on the first upload, stopped with the service. */
  faceDetector: FaceDetector;
  /** The landing page's stats, counted at most once per COMMUNITY_STATS_CACHE_SECONDS in this instance. */
  communityStats(): Promise<CommunityStats>;
}

export function createProfileOnboardingDeps(ctx: ProfileOnboardingContext): ProfileOnboardingDeps {
  const { config, db } = ctx;
  return {
    ...serviceDeps(ctx),
    reference: createReferenceData({ db }),
    photoStorage: photoStorageFromConfig(config),
    faceDetector: new WorkerFaceDetector(config.FACE_DETECTION_WORKERS),
    communityStats: cachedCommunityStats(
      () => countCommunity({ db }),
      config.COMMUNITY_STATS_CACHE_SECONDS * 1000,
    ),
  };
}

/** profile-onboarding's defineConsumer: handlers get a typed transaction and these deps. */
export const defineConsumer = defineConsumerFor<ProfileOnboardingDeps, ProfileOnboardingTables>();
