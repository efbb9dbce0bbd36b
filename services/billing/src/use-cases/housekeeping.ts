import type { BillingDeps } from '../deps.ts';
import { stopCancelledSubscriptions } from './forget-member.ts';
import { expireDueMemberships } from './memberships.ts';

/**
 * The periodic sweep: memberships past their expiry become expired (an event others act on; expiry is also checked
 * at read time), and subscriptions of deleted accounts that the provider has not confirmed stopping are retried.
 * Each part fails on its own, logged.
 */
export async function runHousekeeping(deps: BillingDeps): Promise<void> {
  await expireDueMemberships(deps).catch((err: unknown) =>
    deps.log.error({ err }, 'membership expiry sweep failed'),
  );
  await stopCancelledSubscriptions(deps).catch((err: unknown) =>
    deps.log.error({ err }, 'stopping subscriptions of deleted accounts failed'),
  );
}
