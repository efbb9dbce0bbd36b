import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { BillingConfigSchema } from './config.ts';
import { createBillingDeps } from './deps.ts';
import { emailConfirmedConsumer } from './events/handlers/identity.email.confirmed.v1.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';
import { userRegisteredConsumer } from './events/handlers/identity.user.registered.v1.ts';
import { registerMemberDataExportRoutes } from './routes/member-data-export.ts';
import { registerMembershipRoutes } from './routes/memberships.ts';
import { registerPaymentRoutes } from './routes/payments.ts';
import { registerPlanRoutes } from './routes/plans.ts';
import { runHousekeeping } from './use-cases/housekeeping.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * billing as the runtime starts it, in both topologies: its config, migrations, deps (the payment provider), the
 * consumers of identity's events (one file each under events/handlers/), its routes and the housekeeping sweep.
 */
export const billingService = defineService({
  name: 'billing',
  config: BillingConfigSchema,
  migrationsDir,
  deps: createBillingDeps,
  consumers: [userRegisteredConsumer, emailConfirmedConsumer, userDeletedConsumer],
  async routes(app, deps) {
    registerPlanRoutes(app, deps);
    registerMembershipRoutes(app, deps);
    registerMemberDataExportRoutes(app, deps);
    await registerPaymentRoutes(app, deps);
  },
  async start(deps) {
    let sweeping: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      sweeping = runHousekeeping(deps);
    };
    sweep();
    const timer = setInterval(sweep, deps.config.EXPIRY_SWEEP_SECONDS * 1000);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await sweeping;
    };
  },
});
