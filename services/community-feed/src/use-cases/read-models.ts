import type {
  EventEnvelope,
  EventPayload,
  MembershipActivated,
  ProfileCompleted,
  ProfileUpdated,
} from '@mer/contracts';
import { saveConnection, saveFilter, saveMember, saveMembership } from '../db/members.repository.ts';
import type { CommunityFeedTx } from '../deps.ts';

/*
 * The copies community-feed keeps of other services' facts, each written inside its consumer's transaction
 * (idempotent: the runtime records the event id; ordered: an older announcement handled late changes nothing).
 */

type ProfileEvent = EventEnvelope<
  EventPayload<typeof ProfileCompleted> | EventPayload<typeof ProfileUpdated>
>;

/** A profile completed (the member is onboarded) or updated: names, usernames and photos for the feed. */
export async function recordProfile(
  tx: CommunityFeedTx,
  event: ProfileEvent,
  onboarded: boolean,
): Promise<void> {
  const p = event.payload;
  await saveMember(tx.trx, {
    userId: p.userId,
    name: p.name,
    username: p.username,
    imageUrl: p.imageUrl,
    onboarded,
    occurredAt: new Date(event.occurredAt),
  });
}

/** Every billing.membership.*.v1 event carries the same facts: the newest per membership wins. */
export async function recordMembership(
  tx: CommunityFeedTx,
  event: EventEnvelope<EventPayload<typeof MembershipActivated>>,
): Promise<void> {
  const p = event.payload;
  await saveMembership(tx.trx, {
    membershipId: p.membershipId,
    userId: p.userId,
    status: p.status,
    expiresAt: p.expiresAt === null ? null : new Date(p.expiresAt),
    occurredAt: new Date(event.occurredAt),
  });
}

export async function recordConnection(
  tx: CommunityFeedTx,
  event: EventEnvelope<{ senderId: string; receiverId: string }>,
  connected: boolean,
): Promise<void> {
  await saveConnection(tx.trx, {
    a: event.payload.senderId,
    b: event.payload.receiverId,
    connected,
    occurredAt: new Date(event.occurredAt),
  });
}

export async function recordFilter(
  tx: CommunityFeedTx,
  f: { userId: string; otherId: string; kind: 'block' | 'mute'; active: boolean; occurredAt: string },
): Promise<void> {
  await saveFilter(tx.trx, { ...f, occurredAt: new Date(f.occurredAt) });
}
