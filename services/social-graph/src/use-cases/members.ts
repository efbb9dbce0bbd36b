import type {
  ConnectionRequestEmailSent,
  MembershipActivated,
  EventEnvelope,
  EventPayload,
  ProfileCompleted,
  ProfileUpdated,
  UserRegistered,
} from '@mer/contracts';
import { markEmailSent } from '../db/connections.repository.ts';
import { applyProfile, insertRegisteredMember } from '../db/members.repository.ts';
import { findMembershipForUpdate, saveMembership } from '../db/memberships.repository.ts';
import { supersedes, type MembershipState } from '../domain/memberships.ts';
import type { SocialGraphTx } from '../deps.ts';

/** The read model of members, from identity's and profile-onboarding's events. Idempotent by construction. */

export async function memberRegistered(
  tx: SocialGraphTx,
  event: EventEnvelope<EventPayload<typeof UserRegistered>>,
): Promise<void> {
  const { userId, name, username } = event.payload;
  await insertRegisteredMember(tx.trx, { userId, name, username });
}

type ProfileEvent =
  EventEnvelope<EventPayload<typeof ProfileCompleted>> | EventEnvelope<EventPayload<typeof ProfileUpdated>>;

/**
 * A completed or updated profile. Without the discovery part (events from before it existed) the privacy
 * defaults apply: location shared, shown in discovery, no chart.
 */
export async function profileChanged(tx: SocialGraphTx, event: ProfileEvent): Promise<void> {
  const p = event.payload;
  const d = p.discovery;
  await applyProfile(tx.trx, {
    userId: p.userId,
    name: p.name,
    username: p.username,
    imageUrl: p.imageUrl,
    city: p.location,
    latitude: d?.latitude ?? null,
    longitude: d?.longitude ?? null,
    locationSharing: d?.locationSharing ?? true,
    showInDiscovery: d?.showInDiscovery ?? true,
    languages: p.languages,
    practices: p.interests,
    badges: d?.badges ?? [],
    chart: d?.cosmic ?? null,
    completedAt: 'completedAt' in p ? new Date(p.completedAt) : null,
    occurredAt: new Date(event.occurredAt),
  });
}

export async function connectionEmailSent(
  tx: SocialGraphTx,
  event: EventEnvelope<EventPayload<typeof ConnectionRequestEmailSent>>,
): Promise<void> {
  await markEmailSent(tx.trx, event.payload.requestId);
}

/**
 * What billing announced about one membership (every billing.membership.*.v1 carries the same facts), unless an
 * announcement already recorded describes it later.
 */
export async function recordMembership(
  tx: SocialGraphTx,
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
