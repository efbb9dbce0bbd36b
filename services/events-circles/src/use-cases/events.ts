import { randomUUID } from 'node:crypto';
import {
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  EventApproved,
  EventCancelled,
  EventCreated,
  EventRejected,
  EventUpdated,
  NEARBY_DEFAULT_KM,
  REVIEW_REASON_MAX_LENGTH,
  type CreateEventBody,
  type EventPage,
  type EventQuery,
  type MerEvent,
  type ReviewBody,
  type UpdateEventBody,
} from '@mer/contracts';
import { invalidData, notFound, permissionDenied } from '@mer/service-runtime';
import { findCircle } from '../db/circles.repository.ts';
import { findEvent, insertEvent, listEvents, pendingEvents, updateEvent } from '../db/events.repository.ts';
import { findPhoto } from '../db/photos.repository.ts';
import { attendeeIdsOf, cancelRemindersOf, goingOf } from '../db/rsvps.repository.ts';
import type { EventRow, EventsCirclesDb } from '../db/tables.ts';
import type { EventsCirclesDeps, EventsCirclesTx } from '../deps.ts';
import { boundingBox, decodeCursor, encodeCursor, leads } from '../domain/rules.ts';
import { utcToLocal } from '../domain/time.ts';
import { lockLiveMember, requireContributor, type Viewer } from './access.ts';
import { roleIn } from './circles.ts';
import { cleanMemberText } from './member-text.ts';
import { placeAndTime } from './places.ts';
import { presentEvent, presentEvents } from './present.ts';
import { fillFreedSpots, lockEventGathering, planReminder } from './rsvp.ts';
import { attendeeList } from './rsvp.ts';

/*
 * Events: the wizard's data (checked and sanitised), approval like circles, listings, host edits and cancellation.
 * Attendees are told of changes through events.updated / events.cancelled (notifications turn them into the spec's
 * "event" notification).
 */

const EVENT_NOT_FOUND = 'Event not found.';

export async function visibleEvent(db: EventsCirclesDb, viewer: Viewer, eventId: string): Promise<EventRow> {
  const event = await findEvent(db, eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  if (event.approval_status !== 'approved' && event.host_id !== viewer.userId && !viewer.reviewer)
    throw notFound(EVENT_NOT_FOUND);
  // Hidden by a moderator: gone for members, shown (marked) to its host and reviewers.
  if (event.hidden_at && event.host_id !== viewer.userId && !viewer.reviewer) throw notFound(EVENT_NOT_FOUND);
  return event;
}

const eventFacts = (e: EventRow) => ({
  eventId: e.id,
  title: e.title,
  description: e.description,
  category: e.category,
  type: e.type,
  hostId: e.host_id,
  circleId: e.circle_id,
  cityId: e.city_id,
  cityLabel: e.city_label,
  latitude: e.latitude,
  longitude: e.longitude,
  timeZone: e.time_zone,
  startsAt: e.starts_at.toISOString(),
  endsAt: e.ends_at.toISOString(),
  capacity: e.capacity,
  approvalStatus: e.approval_status,
  coverUrl: e.cover_photo_id ? `/api/v1/events-circles/photo-files/${e.cover_photo_id}.jpg` : null,
});

async function requireCoverAndCircle(
  tx: EventsCirclesTx,
  viewer: Viewer,
  body: { coverPhotoId?: string | null | undefined; circleId?: string | null | undefined },
) {
  if (body.coverPhotoId) {
    const photo = await findPhoto(tx.trx, body.coverPhotoId);
    if (!photo || photo.owner_id !== viewer.userId)
      throw invalidData('Invalid Data', 'Upload the cover image first.', 'coverPhotoId');
  }
  if (body.circleId) {
    const circle = await findCircle(tx.trx, body.circleId);
    if (!circle || circle.approval_status !== 'approved')
      throw invalidData('Invalid Data', 'Circle not found.', 'circleId');
    if (!leads(await roleIn(tx.trx, body.circleId, viewer.userId)) && !viewer.reviewer)
      throw permissionDenied('Only the holder or a moderator can add events to the circle.');
  }
}

export async function createEvent(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  body: CreateEventBody,
): Promise<MerEvent> {
  const title = await cleanMemberText(deps, viewer.userId, 'event.title', body.title, {
    maxLength: EVENT_TITLE_MAX_LENGTH,
    html: false,
    required: true,
  });
  const description = await cleanMemberText(deps, viewer.userId, 'event.description', body.description, {
    maxLength: EVENT_DESCRIPTION_MAX_LENGTH,
    html: true,
    required: true,
  });
  const { place, startsAt, endsAt } = await placeAndTime(deps, viewer.userId, body, 'event.address');
  if (startsAt <= deps.clock.now())
    throw invalidData('Invalid Data', 'The event must start in the future.', 'localStart');
  const row = await deps.transaction(async (tx) => {
    await requireContributor(deps, tx, viewer);
    await requireCoverAndCircle(tx, viewer, body);
    const event = await insertEvent(tx.trx, {
      id: randomUUID(),
      title,
      description,
      category: body.category,
      ...place,
      starts_at: startsAt,
      ends_at: endsAt,
      capacity: body.capacity ?? null,
      cover_photo_id: body.coverPhotoId ?? null,
      circle_id: body.circleId ?? null,
      host_id: viewer.userId,
    });
    await tx.publish(EventCreated, { ...eventFacts(event), createdAt: event.created_at.toISOString() });
    return event;
  });
  return presentEvent(deps.db, viewer, row);
}

export async function getEvent(deps: EventsCirclesDeps, viewer: Viewer, eventId: string): Promise<MerEvent> {
  return presentEvent(deps.db, viewer, await visibleEvent(deps.db, viewer, eventId));
}

export async function eventAttendees(deps: EventsCirclesDeps, viewer: Viewer, eventId: string) {
  await visibleEvent(deps.db, viewer, eventId);
  return attendeeList(deps, viewer, eventId);
}

/**
 * The host edits. A new time moves every going member's reminder; a larger capacity promotes from the waitlist
 * (a smaller one never removes anyone already going). Attendees are told what changed.
 */
export async function editEvent(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  eventId: string,
  body: UpdateEventBody,
): Promise<MerEvent> {
  const current = await visibleEvent(deps.db, viewer, eventId);
  if (current.host_id !== viewer.userId) throw permissionDenied('Only the host can edit the event.');
  const title =
    body.title === undefined
      ? undefined
      : await cleanMemberText(deps, viewer.userId, 'event.title', body.title, {
          maxLength: EVENT_TITLE_MAX_LENGTH,
          html: false,
          required: true,
        });
  const description =
    body.description === undefined
      ? undefined
      : await cleanMemberText(deps, viewer.userId, 'event.description', body.description, {
          maxLength: EVENT_DESCRIPTION_MAX_LENGTH,
          html: true,
          required: true,
        });
  const placeTouched = ['type', 'city', 'address', 'onlineUrl', 'timeZone', 'localStart', 'localEnd'].some(
    (k) => k in body,
  );
  const placed = placeTouched
    ? await placeAndTime(
        deps,
        viewer.userId,
        {
          type: body.type ?? current.type,
          city:
            body.city !== undefined
              ? body.city
              : current.city_id
                ? {
                    id: current.city_id,
                    label: current.city_label ?? '',
                    latitude: current.latitude ?? 0,
                    longitude: current.longitude ?? 0,
                    timeZone: current.time_zone,
                  }
                : null,
          address: body.address !== undefined ? body.address : current.address,
          onlineUrl: body.onlineUrl !== undefined ? body.onlineUrl : current.online_url,
          timeZone: body.timeZone ?? current.time_zone,
          localStart: body.localStart ?? utcToLocal(current.starts_at, current.time_zone),
          localEnd: body.localEnd ?? utcToLocal(current.ends_at, current.time_zone),
        },
        'event.address',
      )
    : undefined;
  const row = await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const g = await lockEventGathering(tx, eventId);
    if (!g) throw notFound(EVENT_NOT_FOUND);
    const before = (await findEvent(tx.trx, eventId))!;
    if (before.status === 'cancelled')
      throw invalidData('Invalid Data', 'The event was cancelled.', 'status');
    await requireCoverAndCircle(tx, viewer, body);
    const changed: string[] = [];
    if (title !== undefined && title !== before.title) changed.push('title');
    if (description !== undefined && description !== before.description) changed.push('description');
    if (body.category !== undefined && body.category !== before.category) changed.push('category');
    if (
      placed &&
      (placed.startsAt.getTime() !== before.starts_at.getTime() ||
        placed.endsAt.getTime() !== before.ends_at.getTime())
    )
      changed.push('time');
    if (
      placed &&
      (placed.place.address !== before.address ||
        placed.place.city_id !== before.city_id ||
        placed.place.online_url !== before.online_url ||
        placed.place.type !== before.type)
    )
      changed.push('place');
    if (body.capacity !== undefined && body.capacity !== before.capacity) changed.push('capacity');
    if (body.coverPhotoId !== undefined && body.coverPhotoId !== before.cover_photo_id) changed.push('cover');
    if (body.circleId !== undefined && body.circleId !== before.circle_id) changed.push('circle');
    const updated = await updateEvent(tx.trx, eventId, {
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(body.category !== undefined ? { category: body.category } : {}),
      ...(placed ? { ...placed.place, starts_at: placed.startsAt, ends_at: placed.endsAt } : {}),
      ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
      ...(body.coverPhotoId !== undefined ? { cover_photo_id: body.coverPhotoId } : {}),
      ...(body.circleId !== undefined ? { circle_id: body.circleId } : {}),
    });
    const now = deps.clock.now();
    g.capacity = updated.capacity;
    g.startsAt = updated.starts_at;
    g.endsAt = updated.ends_at;
    g.title = updated.title;
    if (changed.includes('time'))
      for (const r of await goingOf(tx.trx, eventId))
        await planReminder(tx, g, r.user_id, r.reminder_minutes, now);
    if (changed.includes('capacity') && g.open) await fillFreedSpots(tx, g, now);
    if (changed.length > 0) {
      const final = (await findEvent(tx.trx, eventId))!;
      await tx.publish(EventUpdated, {
        ...eventFacts(final),
        changed,
        attendeeIds: await attendeeIdsOf(tx.trx, [eventId]),
        updatedAt: final.updated_at.toISOString(),
      });
      return final;
    }
    return updated;
  });
  return presentEvent(deps.db, viewer, row);
}

export async function cancelEvent(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  eventId: string,
  reasonText: string | undefined,
): Promise<MerEvent> {
  const reason = reasonText
    ? await cleanMemberText(deps, viewer.userId, 'cancel.reason', reasonText, {
        maxLength: REVIEW_REASON_MAX_LENGTH,
        html: false,
        required: false,
      })
    : null;
  const row = await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const g = await lockEventGathering(tx, eventId);
    const event = g ? await findEvent(tx.trx, eventId) : undefined;
    if (
      !event ||
      (event.approval_status !== 'approved' && event.host_id !== viewer.userId && !viewer.reviewer)
    )
      throw notFound(EVENT_NOT_FOUND);
    if (event.host_id !== viewer.userId && !viewer.reviewer)
      throw permissionDenied('Only the host can cancel the event.');
    if (event.status === 'cancelled') return event;
    const updated = await updateEvent(tx.trx, eventId, {
      status: 'cancelled',
      cancellation_reason: reason || null,
    });
    await cancelRemindersOf(tx.trx, [eventId]);
    await tx.publish(EventCancelled, {
      eventId,
      title: updated.title,
      hostId: updated.host_id,
      startsAt: updated.starts_at.toISOString(),
      reason: updated.cancellation_reason,
      attendeeIds: await attendeeIdsOf(tx.trx, [eventId]),
      cancelledBy: viewer.userId,
    });
    return updated;
  });
  return presentEvent(deps.db, viewer, row);
}

function parseNear(near: string): { lat: number; lon: number } {
  const [lat, lon] = near.split(',').map(Number) as [number, number];
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lon) <= 180))
    throw invalidData('Invalid Data', 'The place is not valid.', 'near');
  return { lat, lon };
}

export async function browseEvents(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  query: EventQuery,
): Promise<EventPage> {
  const limit = query.limit ?? 20;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (query.cursor && !after) throw invalidData('Invalid Data', 'The page cursor is not valid.', 'cursor');
  const centre = query.near ? parseNear(query.near) : undefined;
  const km = query.radiusKm ?? NEARBY_DEFAULT_KM;
  const rows = await listEvents(deps.db, {
    view: query.view ?? 'upcoming',
    viewerId: viewer.userId,
    now: deps.clock.now(),
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    ...(centre ? { near: { ...centre, km, box: boundingBox(centre, km) } } : {}),
    cityId: query.cityId,
    circleId: query.circleId,
    category: query.category,
    type: query.type,
    after,
    limit,
  });
  const last = rows.at(-1);
  return {
    events: await presentEvents(deps.db, viewer, rows),
    nextCursor: rows.length === limit && last ? encodeCursor(last.starts_at.toISOString(), last.id) : null,
  };
}

export async function eventsToReview(
  deps: EventsCirclesDeps,
  viewer: Viewer,
): Promise<{ events: MerEvent[] }> {
  return { events: await presentEvents(deps.db, viewer, await pendingEvents(deps.db)) };
}

export async function reviewEvent(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  eventId: string,
  body: ReviewBody,
): Promise<MerEvent> {
  const reason =
    body.decision === 'rejected'
      ? await cleanMemberText(deps, viewer.userId, 'review.reason', body.reason ?? '', {
          maxLength: REVIEW_REASON_MAX_LENGTH,
          html: false,
          required: false,
        })
      : null;
  if (body.decision === 'rejected' && !reason)
    throw invalidData('Invalid Data', 'Give the reason for rejecting the event.', 'reason');
  const row = await deps.transaction(async (tx) => {
    const g = await lockEventGathering(tx, eventId);
    if (!g) throw notFound(EVENT_NOT_FOUND);
    const event = (await findEvent(tx.trx, eventId))!;
    if (event.approval_status === body.decision) return event;
    const updated = await updateEvent(tx.trx, eventId, {
      approval_status: body.decision,
      rejection_reason: reason,
      reviewed_by: viewer.userId,
    });
    if (body.decision === 'approved') {
      await tx.publish(EventApproved, {
        ...eventFacts(updated),
        reviewerId: viewer.userId,
        approvedAt: deps.clock.now().toISOString(),
      });
    } else {
      await tx.publish(EventRejected, {
        eventId,
        title: updated.title,
        hostId: updated.host_id,
        reviewerId: viewer.userId,
        reason: reason!,
      });
    }
    return updated;
  });
  return presentEvent(deps.db, viewer, row);
}
