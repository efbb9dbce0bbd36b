import { Type, type Static } from '@sinclair/typebox';
import type { BaseConfig } from '@mer/service-runtime';

/** admin's own settings, added to the base ones every service reads (PORT, DATABASE_URL, NATS_URL, ...). */
export const AdminConfigSchema = Type.Object({
  /** Browser security batches one session may send per minute; past it the answer is 'Too Many Requests'. */
  SECURITY_BATCHES_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 10_000, default: 30 }),
});

export type AdminConfig = Static<typeof AdminConfigSchema> & BaseConfig;
