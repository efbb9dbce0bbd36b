import { Type, type Static } from '@sinclair/typebox';
import type { BaseConfig } from '@mer/service-runtime';

/** billing's own settings, added to the base ones every service reads (PORT, PUBLIC_URL, DATABASE_URL, ...). */
export const BillingConfigSchema = Type.Object({
  /** Stripe's secret API key. Unset: the built-in test checkout takes Stripe's place. */
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ minLength: 8 })),
  /** The signing secret of the Stripe webhook endpoint (whsec_...); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 8 })),
  /** Another Stripe API base (e.g. http://127.0.0.1:12111 for stripe-mock or a test double); unset: Stripe's own. */
  STRIPE_API_BASE: Type.Optional(Type.String({ minLength: 8 })),
  /** How often memberships past their expiry are marked expired (seconds). */
  EXPIRY_SWEEP_SECONDS: Type.Integer({ minimum: 1, maximum: 86_400, default: 60 }),
});

export type BillingConfig = Static<typeof BillingConfigSchema> & BaseConfig;
