import type {
  CircleApproved,
  CircleCreated,
  CircleUpdated,
  EventApproved,
  EventCreated,
  EventEnvelope,
  EventPayload,
  EventUpdated,
  RsvpChanged,
} from '@mer/contracts';
import { deleteDocument, hideDocument, setPopularity } from '../db/documents.repository.ts';
import type { SearchTx } from '../deps.ts';
import { indexDocument, plainText } from './read-model.ts';

/*
 * Circles and events from events-circles' events: findable only while approved. A rejected item is hidden (a
 * later approval shows it again); a cancelled event is deleted for search and never found again.
 */

type CircleEvent =
  | EventEnvelope<EventPayload<typeof CircleCreated>>
  | EventEnvelope<EventPayload<typeof CircleApproved>>
  | EventEnvelope<EventPayload<typeof CircleUpdated>>;

function factTime(p: Record<string, unknown>, occurredAt: string): Date {
  const at = p.approvedAt ?? p.updatedAt ?? p.createdAt ?? occurredAt;
  return new Date(String(at));
}

export async function circleChanged(tx: SearchTx, event: CircleEvent): Promise<void> {
  const p = event.payload;
  const at = factTime(p, event.occurredAt);
  await indexDocument(tx, {
    id: p.circleId,
    type: 'circle',
    ownerId: p.holderId,
    title: p.name,
    description: plainText(p.description),
    category: p.category,
    location: p.cityLabel,
    imageUrl: p.coverUrl,
    url: `/circles/${p.circleId}`,
    startsAt: null,
    createdAt: 'createdAt' in p ? new Date(p.createdAt) : at,
    visible: p.approvalStatus === 'approved',
    sourceAt: at,
  });
}

type EventEvent =
  | EventEnvelope<EventPayload<typeof EventCreated>>
  | EventEnvelope<EventPayload<typeof EventApproved>>
  | EventEnvelope<EventPayload<typeof EventUpdated>>;

export async function eventChanged(tx: SearchTx, event: EventEvent): Promise<void> {
  const p = event.payload;
  const at = factTime(p, event.occurredAt);
  await indexDocument(tx, {
    id: p.eventId,
    type: 'event',
    ownerId: p.hostId,
    title: p.title,
    description: plainText(p.description),
    category: p.category,
    location: p.cityLabel ?? (p.type === 'online' ? 'Online' : null),
    imageUrl: p.coverUrl,
    url: `/events/${p.eventId}`,
    startsAt: new Date(p.startsAt),
    createdAt: 'createdAt' in p ? new Date(p.createdAt) : at,
    visible: p.approvalStatus === 'approved',
    sourceAt: at,
  });
}

export async function rejected(tx: SearchTx, id: string, occurredAt: string): Promise<void> {
  await hideDocument(tx.trx, id, new Date(occurredAt));
}

/** A removed circle leaves a tombstone: a late creation or update never brings it back. */
export async function circleDeleted(tx: SearchTx, circleId: string, occurredAt: string): Promise<void> {
  await deleteDocument(tx.trx, circleId, 'circle', new Date(occurredAt));
}

export async function eventCancelled(tx: SearchTx, eventId: string, occurredAt: string): Promise<void> {
  await deleteDocument(tx.trx, eventId, 'event', new Date(occurredAt));
}

/** A circle's popularity is its member count (as of the event's time). */
export async function circleMembersCounted(
  tx: SearchTx,
  event: EventEnvelope<{ circleId: string; memberCount: number }>,
): Promise<void> {
  await setPopularity(tx.trx, event.payload.circleId, event.payload.memberCount, new Date(event.occurredAt));
}

/** An event's popularity is how many are going (as of the RSVP's time). */
export async function eventAttendanceCounted(
  tx: SearchTx,
  event: EventEnvelope<EventPayload<typeof RsvpChanged>>,
): Promise<void> {
  const { targetKind, eventId, goingCount } = event.payload;
  if (targetKind === 'event' && eventId)
    await setPopularity(tx.trx, eventId, goingCount, new Date(event.occurredAt));
}
