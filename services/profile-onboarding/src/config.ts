import { Type, type Static } from '@sinclair/typebox';
import type { BaseConfig } from '@mer/service-runtime';
import { PhotoConfigProperties } from './adapters/photo-config.ts';

/** profile-onboarding's own settings, added to the base ones every service reads (PORT, DATABASE_URL, NATS_URL, ...). */
export const ProfileOnboardingConfigSchema = Type.Object({
  /**
   * How long each process keeps the landing page's community stats before counting again. The
   * landing page is public and unauthenticated, so it must not cost a count query per visit.
   */
  COMMUNITY_STATS_CACHE_SECONDS: Type.Integer({ minimum: 0, maximum: 3600, default: 60 }),
  ...PhotoConfigProperties,
});

export type ProfileOnboardingConfig = Static<typeof ProfileOnboardingConfigSchema> & BaseConfig;
