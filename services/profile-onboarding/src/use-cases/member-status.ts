import type { EventEnvelope, EventPayload, MembershipActivated, UserRolesChanged } from '@mer/contracts';
import { findMembershipForUpdate, saveMemberRoles, saveMembership } from '../db/badges.repository.ts';
import type { ProfileOnboardingTx } from '../deps.ts';
import { supersedes, type MembershipState, type MembershipFactStatus } from '@mer/contracts';

/*
 * The facts badges need from the services that own them, kept as copies: billing's memberships
 * (InnerCircle Member) and identity's roles (the admin record: Community Mentors). Each runs inside
 * its consumer's transaction. A member deleted before a late event stays deleted: the consumers name the
 * member, and the runtime drops an event about an erased one.
 */

/** Every billing.membership.*.v1 event carries the same facts. */
type MembershipEvent = EventEnvelope<EventPayload<typeof MembershipActivated>>;

/**
 * Records what billing announced about one membership, unless an announcement already recorded
 * describes it later (events of the four subjects may be handled in any order; see membership-facts.ts in contracts).
 */
export async function recordMembership(tx: ProfileOnboardingTx, event: MembershipEvent): Promise<void> {
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
      status: stored.status as MembershipFactStatus,
      expiresAt: stored.expires_at,
      cancelAtPeriodEnd: stored.cancel_at_period_end,
      occurredAt: stored.occurred_at,
    })
  )
    return;
  await saveMembership(tx.trx, {
    membershipId: p.membershipId,
    userId: p.userId,
    planName: p.planName,
    innerCircle: p.innerCircle,
    ...incoming,
  });
}

/** Records the member's roles and admin record; an older announcement handled late changes nothing. */
export async function recordRoles(
  tx: ProfileOnboardingTx,
  event: EventEnvelope<EventPayload<typeof UserRolesChanged>>,
): Promise<void> {
  const { userId, roles, isAdmin } = event.payload;
  await saveMemberRoles(tx.trx, { userId, roles, isAdmin, occurredAt: new Date(event.occurredAt) });
}
