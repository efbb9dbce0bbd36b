import { fileURLToPath } from 'node:url';
import { defineService, type Logger } from '@mer/service-runtime';
import { BillingConfigSchema, type BillingConfig } from './config.ts';
import { emailConfirmedConsumer } from './events/handlers/identity.email.confirmed.v1.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';
import { userRegisteredConsumer } from './events/handlers/identity.user.registered.v1.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { createStripeProvider } from './providers/stripe-provider.ts';
import { createTestProvider } from './providers/test-provider.ts';
import { registerMembershipRoutes } from './routes/memberships.ts';
import { registerPaymentRoutes } from './routes/payments.ts';
import { registerPlanRoutes } from './routes/plans.ts';
import type { BillingDeps } from './use-cases/deps.ts';
import { expireDueMemberships } from './use-cases/memberships.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

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

// The provider of the running instance, for the consumer that stops a deleted member's subscription.
let running: { provider: PaymentProvider; log: Logger } | undefined;
const depsByContext = new WeakMap<object, BillingDeps>();

/**
 * billing as the runtime starts it, in both topologies: its config, migrations, the consumers
 * of identity's events (one file each under events/handlers/), its routes and the expiry sweep.
 */
export const billingService = defineService({
  name: 'billing',
  config: BillingConfigSchema,
  migrationsDir,
  consumers: [userRegisteredConsumer, emailConfirmedConsumer, userDeletedConsumer(() => running)],
  async routes(app, ctx) {
    const deps: BillingDeps = { ctx, provider: choosePaymentProvider(ctx.config) };
    running = { provider: deps.provider, log: ctx.log };
    depsByContext.set(ctx, deps);
    if (deps.provider.kind === 'test') {
      // Anyone holding a checkout link can "pay" it: fine for trying MER out, never for real members.
      ctx.log.warn(
        { provider: 'test' },
        'TEST PAYMENT checkout active (no STRIPE_SECRET_KEY): memberships cost nothing',
      );
    } else ctx.log.info({ provider: deps.provider.kind }, 'payment provider');
    registerPlanRoutes(app, deps);
    registerMembershipRoutes(app, deps);
    await registerPaymentRoutes(app, deps);
  },
  async start(ctx) {
    // Expiry is also checked at read time; the sweep makes it an event others can act on.
    const deps = depsByContext.get(ctx);
    if (!deps) throw new Error('billing: routes() must run before start()');
    let sweeping: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      sweeping = expireDueMemberships(deps).catch((err: unknown) =>
        ctx.log.error({ err }, 'membership expiry sweep failed'),
      );
    };
    sweep();
    const timer = setInterval(sweep, ctx.config.EXPIRY_SWEEP_SECONDS * 1000);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await sweeping;
    };
  },
});
