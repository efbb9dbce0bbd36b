import {
  defineConsumerFor,
  serviceDeps,
  type ServiceContext,
  type ServiceDeps,
  type TxContext,
} from '@mer/service-runtime';
import { photoStorageFromConfig, type PhotoStorage } from './adapters/photo-storage.ts';
import type { CommunityFeedConfig } from './config.ts';
import type { CommunityFeedTables } from './db/tables.ts';

export type { CommunityFeedTables } from './db/tables.ts';
export type CommunityFeedContext = ServiceContext<CommunityFeedConfig, CommunityFeedTables>;
/** A transaction as community-feed's use cases see it: its tables, events out on commit, work after commit. */
export type CommunityFeedTx = TxContext<CommunityFeedTables>;

/** What community-feed's routes, consumers and use cases work with; built once per running service. */
export interface CommunityFeedDeps extends ServiceDeps<CommunityFeedConfig, CommunityFeedTables> {
  /** Where photo files go: local folder or S3 bucket (adapters/photo-storage.ts). */
  photoStorage: PhotoStorage;
}

export function createCommunityFeedDeps(ctx: CommunityFeedContext): CommunityFeedDeps {
  return { ...serviceDeps(ctx), photoStorage: photoStorageFromConfig(ctx.config) };
}

/** community-feed's handlers get a typed transaction and these deps. */
export const defineConsumer = defineConsumerFor<CommunityFeedDeps, CommunityFeedTables>();
