import { UnreadTotalChanged } from '@mer/contracts';
import { unreadTotal } from '../db/conversations.repository.ts';
import type { MessagingTx } from '../deps.ts';

/**
 * Publishes the new unread total of each member (the Conversations badge). The caller holds these members' locks,
 * so the totals are exact and their events leave in the order of the changes.
 */
export async function publishUnreadTotals(
  tx: MessagingTx,
  memberIds: readonly string[],
  at: Date,
): Promise<void> {
  for (const memberId of new Set(memberIds)) {
    const total = await unreadTotal(tx.trx, memberId);
    await tx.publish(UnreadTotalChanged, { memberId, unreadTotal: total, changedAt: at.toISOString() });
  }
}

/** Locks members in one order (sorted ids), so two transactions locking the same pair never deadlock. */
export async function lockMembers(tx: MessagingTx, memberIds: readonly string[]): Promise<void> {
  await tx.members.lockAll(memberIds);
}
