import {
  CircleRoleChanged,
  EventCancelled,
  MeetupCancelled,
  type EventEnvelope,
  type EventPayload,
  type UserDeleted,
} from '@mer/contracts';
import { lockCircle, refreshMemberCount, setCircleRole, updateCircle } from '../db/circles.repository.ts';
import {
  circleRowsOfMember,
  deleteAuthoredContent,
  deleteCircle,
  deleteEvents,
  deleteGatheringsRsvps,
  deleteMeetups,
  deleteRsvp,
  eventsHostedBy,
  meetupsHostedBy,
  occurrenceIdsOf,
  rsvpsOfMember,
  successorIn,
} from '../db/erasure.repository.ts';
import { forgetMemberFacts } from '../db/members.repository.ts';
import { findCircle } from '../db/circles.repository.ts';
import { attendeeIdsOf, countsOf } from '../db/rsvps.repository.ts';
import { deletePhotosOf } from '../db/photos.repository.ts';
import { updateEvent } from '../db/events.repository.ts';
import { findOccurrencesById, updateOccurrence } from '../db/meetups.repository.ts';
import type { EventsCirclesDeps, EventsCirclesTx } from '../deps.ts';
import { fillFreedSpots, lockEventGathering, lockOccurrenceGathering } from './rsvp.ts';

/**
 * A deleted account: every row of the member goes. Their spots free up for the waitlist (promoted in order, as when
 * anyone says not going); the events and meetups they hosted are cancelled for their attendees and removed; a
 * circle they held passes to its longest-standing moderator (else member), or goes if nobody is left. The runtime
 * holds the member's lock and records the tombstone in this same transaction; photo files leave storage after it.
 */
export async function forgetMember(
  deps: EventsCirclesDeps,
  tx: EventsCirclesTx,
  event: EventEnvelope<EventPayload<typeof UserDeleted>>,
): Promise<void> {
  const userId = event.payload.userId;
  const now = deps.clock.now();

  for (const r of await rsvpsOfMember(tx.trx, userId)) {
    const g =
      r.target_kind === 'event'
        ? await lockEventGathering(tx, r.target_id)
        : await occurrenceGatheringById(tx, r.target_id);
    await deleteRsvp(tx.trx, r.target_id, userId);
    if (!g) continue;
    const counts = await countsOf(tx.trx, g.id);
    const stored = { going_count: counts.going, waitlist_count: counts.waitlisted };
    if (g.kind === 'event') await updateEvent(tx.trx, g.id, stored);
    else await updateOccurrence(tx.trx, g.id, stored);
    g.goingCount = counts.going;
    g.waitlistCount = counts.waitlisted;
    if (r.status === 'going' && g.open) await fillFreedSpots(tx, g, now);
  }

  const hosted = await eventsHostedBy(tx.trx, userId);
  for (const e of hosted.filter((e) => e.status === 'scheduled' && e.ends_at > now)) {
    await tx.publish(EventCancelled, {
      eventId: e.id,
      title: e.title,
      hostId: userId,
      startsAt: e.starts_at.toISOString(),
      reason: null,
      attendeeIds: await attendeeIdsOf(tx.trx, [e.id]),
      cancelledBy: userId,
    });
  }
  await deleteGatheringsRsvps(
    tx.trx,
    hosted.map((e) => e.id),
  );
  await deleteEvents(
    tx.trx,
    hosted.map((e) => e.id),
  );

  const meetups = await meetupsHostedBy(tx.trx, userId);
  for (const m of meetups.filter((m) => m.status === 'scheduled')) {
    const circle = await findCircle(tx.trx, m.circle_id);
    const occurrenceIds = await occurrenceIdsOf(tx.trx, [m.id]);
    await tx.publish(MeetupCancelled, {
      meetupId: m.id,
      circleId: m.circle_id,
      circleName: circle?.name ?? '',
      title: m.title,
      hostId: userId,
      timeZone: m.time_zone,
      rrule: m.rrule,
      firstStartsAt: now.toISOString(),
      reason: null,
      attendeeIds: await attendeeIdsOf(tx.trx, occurrenceIds),
    });
  }
  await deleteGatheringsRsvps(
    tx.trx,
    await occurrenceIdsOf(
      tx.trx,
      meetups.map((m) => m.id),
    ),
  );
  await deleteMeetups(
    tx.trx,
    meetups.map((m) => m.id),
  );

  const circleRows = await circleRowsOfMember(tx.trx, userId);
  await deleteAuthoredContent(tx.trx, userId);
  for (const row of circleRows) {
    const circle = await lockCircle(tx.trx, row.circle_id);
    if (!circle) continue;
    if (circle.holder_id === userId) {
      const next = await successorIn(tx.trx, circle.id, userId);
      if (!next) {
        await deleteCircle(tx.trx, circle.id);
        continue;
      }
      await setCircleRole(tx.trx, circle.id, next.user_id, 'holder');
      await updateCircle(tx.trx, circle.id, { holder_id: next.user_id });
      await tx.publish(CircleRoleChanged, {
        circleId: circle.id,
        userId: next.user_id,
        role: 'holder',
        previousRole: next.role,
        changedBy: userId,
      });
    }
    await refreshMemberCount(tx.trx, circle.id);
  }

  const storageKeys = await deletePhotosOf(tx.trx, userId);
  tx.afterCommit(() => Promise.all(storageKeys.map((key) => deps.photoStorage.delete(key))));
  await forgetMemberFacts(tx.trx, userId);
}

async function occurrenceGatheringById(tx: EventsCirclesTx, occurrenceId: string) {
  const [o] = await findOccurrencesById(tx.trx, [occurrenceId]);
  return o ? lockOccurrenceGathering(tx, o.meetup_id, o.id) : undefined;
}
