import {
  defineConsumerFor,
  serviceDeps,
  type ServiceContext,
  type ServiceDeps,
  type TxContext,
} from '@mer/service-runtime';
import type { BillingConfig } from './config.ts';
import type { PaymentProvider } from './adapters/provider.ts';
import { createStripeProvider } from './adapters/stripe-provider.ts';
import { createTestProvider, type TestPaymentProvider } from './adapters/test-provider.ts';
import type { BillingTables } from './db/tables.ts';

export type BillingContext = ServiceContext<BillingConfig, BillingTables>;
/** A transaction as billing's use cases see it: billing's tables, events out on commit, work after commit. */
export type BillingTx = TxContext<BillingTables>;

/** What billing's routes, consumers and use cases work with; built once per running service. */
export interface BillingDeps extends ServiceDeps<BillingConfig, BillingTables> {
  provider: PaymentProvider | TestPaymentProvider;
}

export function createBillingDeps(ctx: BillingContext): BillingDeps {
  const provider = choosePaymentProvider(ctx.config);
  if (provider.kind === 'test') {
    // Anyone holding a checkout link can "pay" it: fine for trying MER out, never for real members.
    ctx.log.warn(
      { provider: 'test' },
      'TEST PAYMENT checkout active (no STRIPE_SECRET_KEY): memberships cost nothing',
    );
  } else ctx.log.info({ provider: provider.kind }, 'payment provider');
  return { ...serviceDeps(ctx), provider };
}

/** billing's handlers get a typed transaction and these deps. */
export const defineConsumer = defineConsumerFor<BillingDeps, BillingTables>();

/** Stripe when a key is configured; otherwise the built-in test checkout. */
export function choosePaymentProvider(config: BillingConfig): BillingDeps['provider'] {
  if (!config.STRIPE_SECRET_KEY) return createTestProvider();
  if (!config.STRIPE_WEBHOOK_SECRET) {
    throw new Error('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }
  return createStripeProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
  });
}

export function siteUrl(deps: Pick<BillingDeps, 'config'>, path: string): string {
  return `${deps.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
}
