import { MembershipCancelled, type EventEnvelope, type EventPayload, type UserDeleted } from '@mer/contracts';
import {
  claimPendingCancellations,
  markCancellationDone,
  markCancellationFailed,
  requestProviderCancellation,
} from '../db/cancellations.repository.ts';
import { eraseMember } from '../db/members.repository.ts';
import { listActiveMemberships, updateMembership } from '../db/memberships.repository.ts';
import type { BillingDeps, BillingTx } from '../deps.ts';
import { announce } from './membership-events.ts';

const CANCELLATIONS_PER_SWEEP = 50;
const CANCELLATION_LEASE_MS = 60_000;

/**
 * A deleted account: its e-mail, name and discount are forgotten. Memberships and checkouts stay as bookkeeping
 * records (amounts, dates, plan, provider ids, the pseudonymous user id); active ones end now and are announced as
 * cancelled. That the provider must stop each subscription is recorded in the same transaction; the provider is
 * called only after the commit (a slow provider never holds this transaction's locks), and the housekeeping sweep
 * retries until the provider confirms.
 */
export async function forgetMember(
  deps: BillingDeps,
  tx: BillingTx,
  event: EventEnvelope<EventPayload<typeof UserDeleted>>,
): Promise<void> {
  const userId = event.payload.userId;
  await eraseMember(tx.trx, userId);
  let stopAtProvider = false;
  for (const membership of await listActiveMemberships(tx.trx, userId)) {
    const updated = await updateMembership(tx.trx, membership.id, {
      status: 'cancelled',
      expires_at: new Date(),
      cancel_at_period_end: false,
    });
    await announce(tx, MembershipCancelled, updated);
    await requestProviderCancellation(tx.trx, membership.provider_subscription_id);
    stopAtProvider = true;
  }
  if (stopAtProvider) tx.afterCommit(() => stopCancelledSubscriptions(deps));
}

/** Asks the provider to stop the subscriptions still pending; a failure is logged and retried by the next sweep. */
export async function stopCancelledSubscriptions(deps: BillingDeps): Promise<number> {
  const pending = await claimPendingCancellations(deps.db, CANCELLATIONS_PER_SWEEP, CANCELLATION_LEASE_MS);
  let stopped = 0;
  for (const subscriptionId of pending) {
    try {
      await deps.provider.cancelNow(subscriptionId);
      await markCancellationDone(deps.db, subscriptionId);
      stopped++;
    } catch (err) {
      deps.log.error({ err, subscriptionId }, 'could not stop the subscription of a deleted account at the provider');
      await markCancellationFailed(deps.db, subscriptionId, err instanceof Error ? err.message : String(err));
    }
  }
  return stopped;
}
