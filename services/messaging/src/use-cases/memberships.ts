import {
  hasActiveMembership,
  MessagingTexts,
  supersedes,
  type EventEnvelope,
  type EventPayload,
  type MembershipActivated,
  type MembershipState,
} from '@mer/contracts';
import { permissionDenied } from '@mer/service-runtime';
import { findMembershipForUpdate, membershipsOf, saveMembership } from '../db/memberships.repository.ts';
import type { MessagingDb } from '../db/tables.ts';
import type { MessagingTx } from '../deps.ts';

/**
 * What billing announced about one membership (every billing.membership.*.v1 carries the same facts), unless an
 * announcement already recorded describes it later (the consumers of different subjects are not ordered).
 */
export async function recordMembership(
  tx: MessagingTx,
  event: EventEnvelope<EventPayload<typeof MembershipActivated>>,
): Promise<void> {
  const p = event.payload;
  const incoming: MembershipState = {
    status: p.status,
    expiresAt: p.expiresAt === null ? null : new Date(p.expiresAt),
    cancelAtPeriodEnd: p.cancelAtPeriodEnd,
    occurredAt: new Date(event.occurredAt),
  };
  const stored = await findMembershipForUpdate(tx.trx, p.membershipId);
  if (
    stored &&
    !supersedes(incoming, {
      status: stored.status,
      expiresAt: stored.expires_at,
      cancelAtPeriodEnd: stored.cancel_at_period_end,
      occurredAt: stored.occurred_at,
    })
  )
    return;
  await saveMembership(tx.trx, { membershipId: p.membershipId, userId: p.userId, ...incoming });
}

/**
 * Starting a conversation and sending a message need an active membership (spec 000 section 6: a member needs
 * one to use community pages); reading, reacting, editing and deleting one's own messages do not.
 */
export async function assertActiveMembership(db: MessagingDb, memberId: string): Promise<void> {
  const rows = await membershipsOf(db, memberId);
  const states = rows.map((r) => ({
    status: r.status,
    expiresAt: r.expires_at,
    cancelAtPeriodEnd: r.cancel_at_period_end,
    occurredAt: r.occurred_at,
  }));
  if (!hasActiveMembership(states, new Date())) throw permissionDenied(MessagingTexts.membershipRequired);
}
