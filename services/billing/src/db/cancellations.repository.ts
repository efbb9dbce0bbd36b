import type { BillingDb } from './tables.ts';

/** The only place that speaks SQL about subscriptions the provider must still stop (deleted accounts). */

export async function requestProviderCancellation(db: BillingDb, subscriptionId: string): Promise<void> {
  await db
    .insertInto('provider_cancellations')
    .values({ subscription_id: subscriptionId })
    .onConflict((oc) => oc.column('subscription_id').doNothing())
    .execute();
}

/**
 * Claims up to `limit` pending cancellations for `leaseMs` (another sweep or replica skips them meanwhile), so the
 * provider is called outside any transaction.
 */
export async function claimPendingCancellations(db: BillingDb, limit: number, leaseMs: number): Promise<string[]> {
  const now = new Date();
  const rows = await db
    .updateTable('provider_cancellations')
    .set({ claimed_until: new Date(now.getTime() + leaseMs) })
    .where(
      'subscription_id',
      'in',
      db
        .selectFrom('provider_cancellations')
        .select('subscription_id')
        .where('done_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('requested_at')
        .limit(limit),
    )
    .returning('subscription_id')
    .execute();
  return rows.map((r) => r.subscription_id);
}

export async function markCancellationDone(db: BillingDb, subscriptionId: string): Promise<void> {
  await db
    .updateTable('provider_cancellations')
    .set({ done_at: new Date(), claimed_until: null, last_error: null })
    .where('subscription_id', '=', subscriptionId)
    .execute();
}

export async function markCancellationFailed(db: BillingDb, subscriptionId: string, error: string): Promise<void> {
  await db
    .updateTable('provider_cancellations')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), claimed_until: null, last_error: error.slice(0, 500) }))
    .where('subscription_id', '=', subscriptionId)
    .execute();
}
