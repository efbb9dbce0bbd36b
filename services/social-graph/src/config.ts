import { Type, type Static } from '@sinclair/typebox';
import type { BaseConfig } from '@mer/service-runtime';

/** social-graph's own settings, added to the base ones every service reads (PORT, DATABASE_URL, NATS_URL, ...). */
export const SocialGraphConfigSchema = Type.Object({
  /** How often the people-recommendation model is retrained from the community's own rows, in minutes. */
  RECOMMENDATIONS_RETRAIN_MINUTES: Type.Integer({ minimum: 1, maximum: 10_080, default: 60 }),
});

export type SocialGraphConfig = Static<typeof SocialGraphConfigSchema> & BaseConfig;
