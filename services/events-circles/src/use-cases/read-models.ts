import type {
  EventEnvelope,
  EventPayload,
  MembershipActivated,
  ProfileCompleted,
  ProfileUpdated,
} from '@mer/contracts';
import { saveConnection, saveMember, saveMembership } from '../db/members.repository.ts';
import type { EventsCirclesTx } from '../deps.ts';

/*
 * The copies events-circles keeps of other services' facts, each written inside its consumer's transaction
 * (idempotent: the runtime records the event id; ordered: an older announcement handled late changes nothing).
 */

type ProfileEvent = EventEnvelope<
  EventPayload<typeof ProfileCompleted> | EventPayload<typeof ProfileUpdated>
>;

/**
 * A profile completed (the member is onboarded) or updated: names and photos for lists; city, coordinates and
 * interests for recommendations (coordinates only when the member shares their location).
 */
export async function recordProfile(
  tx: EventsCirclesTx,
  event: ProfileEvent,
  onboarded: boolean,
): Promise<void> {
  const p = event.payload;
  const sharesLocation = p.discovery?.locationSharing ?? true;
  await saveMember(tx.trx, {
    userId: p.userId,
    name: p.name,
    username: p.username,
    imageUrl: p.imageUrl,
    cityId: p.cityId,
    latitude: sharesLocation ? (p.discovery?.latitude ?? null) : null,
    longitude: sharesLocation ? (p.discovery?.longitude ?? null) : null,
    interests: p.interests,
    onboarded,
    occurredAt: new Date(event.occurredAt),
  });
}

/** Every billing.membership.*.v1 event carries the same facts: the newest per membership wins. */
export async function recordMembership(
  tx: EventsCirclesTx,
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
  tx: EventsCirclesTx,
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
