import { Type, type Static } from '@sinclair/typebox';
import type { BaseConfig } from '@mer/service-runtime';

/** community-feed's own settings, added to the base ones every service reads (PORT, DATABASE_URL, NATS_URL, ...). */
export const CommunityFeedConfigSchema = Type.Object({
  /** The salutation of the scaffold's greetings; an example setting to replace with real ones. */
  GREETING: Type.String({ minLength: 1, maxLength: 40, default: 'Hello' }),
});

export type CommunityFeedConfig = Static<typeof CommunityFeedConfigSchema> & BaseConfig;
