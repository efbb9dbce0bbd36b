import type { SyncMembershipResult } from '@mer/contracts';
import { DomainError, invalidData } from '@mer/service-runtime';
import { findMemberByEmail } from '../db/members.repository.ts';
import type { ProviderSubscription } from '../adapters/provider.ts';
import type { BillingDeps } from '../deps.ts';
import { activateOrExtend } from './payments.ts';

const SyncTexts = {
  emailRequired: { title: 'Email Required', message: 'Please enter a user email address' },
  success: 'Success',
  noChanges: { title: 'No Changes', message: 'No active subscription found in the card payment provider' },
  failed: 'Sync Failed',
};

/**
 * The admin tool's "sync membership" (spec 001): asks the card payment provider for the active
 * subscriptions of an e-mail and brings the member's membership in line (activate or extend).
 */
export async function syncMembershipByEmail(
  deps: BillingDeps,
  rawEmail: string,
): Promise<SyncMembershipResult> {
  const email = rawEmail.trim();
  if (!email) throw invalidData(SyncTexts.emailRequired.title, SyncTexts.emailRequired.message, 'body.email');
  const member = await findMemberByEmail(deps.db, email);
  if (!member) {
    throw new DomainError('item_not_found', {
      title: SyncTexts.failed,
      message: 'No member found with this email address.',
    });
  }
  let subscriptions: ProviderSubscription[];
  try {
    subscriptions = await deps.provider.findActiveSubscriptions(email);
  } catch (err) {
    deps.log.error({ err }, 'membership sync: the payment provider could not be asked');
    throw new DomainError('server_error', {
      title: SyncTexts.failed,
      message: 'Could not reach the card payment provider. Please try again.',
    });
  }
  let changed = 0;
  for (const subscription of subscriptions) {
    const outcome = await deps.transaction((tx) =>
      activateOrExtend(tx, deps.log, deps.provider.kind, {
        subscriptionId: subscription.subscriptionId,
        customerId: subscription.customerId,
        userId: member.user_id,
        planId: subscription.planId,
        periodEnd: subscription.periodEnd,
        extends: true,
      }),
    );
    if (outcome === 'activated' || outcome === 'renewed') changed += 1;
  }
  if (changed === 0) {
    const message = subscriptions.length
      ? 'The membership is already up to date.'
      : SyncTexts.noChanges.message;
    return { synced: false, userId: member.user_id, title: SyncTexts.noChanges.title, message };
  }
  return {
    synced: true,
    userId: member.user_id,
    title: SyncTexts.success,
    message: `Membership synced for ${email}.`,
  };
}
