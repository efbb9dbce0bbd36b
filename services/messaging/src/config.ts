import { Type, type Static } from '@sinclair/typebox';
import type { BaseConfig } from '@mer/service-runtime';

/** messaging's own settings, added to the base ones every service reads (PORT, DATABASE_URL, NATS_URL, ...). None yet. */
export const MessagingConfigSchema = Type.Object({});

export type MessagingConfig = Static<typeof MessagingConfigSchema> & BaseConfig;
