import { randomUUID } from 'node:crypto';
import {
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  MeetupCancelled,
  MeetupCreated,
  MeetupUpdated,
  OccurrenceCancelled,
  OccurrenceUpdated,
  REVIEW_REASON_MAX_LENGTH,
  type CreateMeetupBody,
  type MeetupDetail,
  type MeetupOccurrence,
  type UpdateMeetupBody,
  type UpdateOccurrenceBody,
} from '@mer/contracts';
import { invalidData, notFound, permissionDenied } from '@mer/service-runtime';
import { findCircle } from '../db/circles.repository.ts';
import {
  allOccurrencesOf,
  findMeetup,
  findOccurrence,
  insertMeetup,
  insertOccurrences,
  lockMeetup,
  meetupsOfCircle,
  occurrencesOf,
  updateMeetup,
  updateOccurrence,
} from '../db/meetups.repository.ts';
import { attendeeIdsOf, cancelRemindersOf, goingOf } from '../db/rsvps.repository.ts';
import type { CircleRow, MeetupRow } from '../db/tables.ts';
import type { EventsCirclesDeps, EventsCirclesTx } from '../deps.ts';
import { expandOccurrences, recurrenceProblem, rruleText } from '../domain/recurrence.ts';
import { leads } from '../domain/rules.ts';
import { localToUtc, utcToLocal, wallClockMinutes, addWallClockMinutes } from '../domain/time.ts';
import { lockLiveMember, requireContributor, type Viewer } from './access.ts';
import { requireLeader, roleIn, visibleCircle } from './circles.ts';
import { cleanMemberText } from './member-text.ts';
import { MAX_DURATION_MS, placeAndTime } from './places.ts';
import { presentMeetup, presentOccurrences } from './present.ts';
import { fillFreedSpots, lockOccurrenceGathering, planReminder } from './rsvp.ts';

/*
 * Circle meetups: one meeting or a series. A series is expanded into occurrence rows when created (the recurrence
 * rule on the wall clock, each start placed in the meetup's zone: DST-correct), and each occurrence has its own
 * RSVPs and capacity. The host or the circle's leaders edit or cancel the whole series or one occurrence.
 */

const MEETUP_NOT_FOUND = 'Meetup not found.';
const UPCOMING_SHOWN = 20;

async function detail(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  meetup: MeetupRow,
  circle: CircleRow,
  from?: Date,
  limit = UPCOMING_SHOWN,
): Promise<MeetupDetail> {
  const role = await roleIn(deps.db, circle.id, viewer.userId);
  const occurrences = await occurrencesOf(deps.db, meetup.id, from ?? deps.clock.now(), limit);
  return {
    meetup: await presentMeetup(deps.db, viewer, meetup, circle, role !== undefined),
    occurrences: await presentOccurrences(deps.db, viewer, meetup, occurrences),
  };
}

export async function createMeetup(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  body: CreateMeetupBody,
): Promise<MeetupDetail> {
  const title = await cleanMemberText(deps, viewer.userId, 'meetup.title', body.title, {
    maxLength: EVENT_TITLE_MAX_LENGTH,
    html: false,
    required: true,
  });
  const description = await cleanMemberText(deps, viewer.userId, 'meetup.description', body.description, {
    maxLength: EVENT_DESCRIPTION_MAX_LENGTH,
    html: true,
    required: true,
  });
  const { place, startsAt } = await placeAndTime(deps, viewer.userId, body, 'meetup.address');
  if (startsAt <= deps.clock.now())
    throw invalidData('Invalid Data', 'The meetup must start in the future.', 'localStart');
  const recurrence = body.recurrence ?? null;
  if (recurrence) {
    const problem = recurrenceProblem(recurrence, body.localStart);
    if (problem) throw invalidData('Invalid Data', problem, 'recurrence');
  }
  const planned = expandOccurrences(recurrence, body.localStart, body.localEnd, place.time_zone);
  if (planned.length === 0) throw invalidData('Invalid Data', 'The rule gives no meetup.', 'recurrence');
  const { meetup, circle } = await deps.transaction(async (tx) => {
    await requireContributor(deps, tx, viewer);
    const { circle } = await requireLeader(tx.trx, viewer, circleId);
    const meetup = await insertMeetup(tx.trx, {
      id: randomUUID(),
      circle_id: circleId,
      host_id: viewer.userId,
      title,
      description,
      ...place,
      local_start: body.localStart,
      local_end: body.localEnd,
      recurrence: recurrence ? JSON.stringify(recurrence) : null,
      rrule: recurrence ? rruleText(recurrence, body.localStart, place.time_zone) : null,
      capacity: body.capacity ?? null,
    });
    await insertOccurrences(
      tx.trx,
      planned.map((p) => ({ id: randomUUID(), meetupId: meetup.id, ...p })),
    );
    await tx.publish(MeetupCreated, {
      meetupId: meetup.id,
      circleId,
      circleName: circle.name,
      title,
      hostId: viewer.userId,
      timeZone: meetup.time_zone,
      rrule: meetup.rrule,
      firstStartsAt: planned[0]!.startsAt.toISOString(),
      occurrenceCount: planned.length,
    });
    return { meetup, circle };
  });
  return detail(deps, viewer, meetup, circle);
}

async function visibleMeetup(deps: EventsCirclesDeps, viewer: Viewer, meetupId: string) {
  const meetup = await findMeetup(deps.db, meetupId);
  if (!meetup) throw notFound(MEETUP_NOT_FOUND);
  const circle = await visibleCircle(deps.db, viewer, meetup.circle_id).catch(() => {
    throw notFound(MEETUP_NOT_FOUND);
  });
  return { meetup, circle };
}

export async function getMeetup(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  meetupId: string,
  q: { from?: string | undefined; limit?: number | undefined },
) {
  const { meetup, circle } = await visibleMeetup(deps, viewer, meetupId);
  return detail(
    deps,
    viewer,
    meetup,
    circle,
    q.from ? new Date(q.from) : undefined,
    q.limit ?? UPCOMING_SHOWN,
  );
}

export async function circleMeetups(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
): Promise<{ meetups: MeetupDetail[] }> {
  const circle = await visibleCircle(deps.db, viewer, circleId);
  const meetups = await meetupsOfCircle(deps.db, circleId);
  return { meetups: await Promise.all(meetups.map((m) => detail(deps, viewer, m, circle, undefined, 5))) };
}

/** The host or a leader of the circle, with the meetup locked. */
async function lockForEditing(tx: EventsCirclesTx, viewer: Viewer, meetupId: string) {
  await lockLiveMember(tx, viewer.userId);
  const meetup = await lockMeetup(tx.trx, meetupId);
  if (!meetup) throw notFound(MEETUP_NOT_FOUND);
  const circle = await findCircle(tx.trx, meetup.circle_id);
  if (!circle) throw notFound(MEETUP_NOT_FOUND);
  if (
    meetup.host_id !== viewer.userId &&
    !leads(await roleIn(tx.trx, circle.id, viewer.userId)) &&
    !viewer.reviewer
  )
    throw permissionDenied('Only the host or a leader of the circle can change this meetup.');
  if (meetup.status === 'cancelled') throw invalidData('Invalid Data', 'The meetup was cancelled.', 'status');
  return { meetup, circle };
}

const meetupFacts = (m: MeetupRow, circle: CircleRow, firstStartsAt: Date) => ({
  meetupId: m.id,
  circleId: circle.id,
  circleName: circle.name,
  title: m.title,
  hostId: m.host_id,
  timeZone: m.time_zone,
  rrule: m.rrule,
  firstStartsAt: firstStartsAt.toISOString(),
});

/**
 * Edits the series. New wall-clock times apply to every future occurrence not edited on its own, on its own date
 * (so the series keeps its days); their going members' reminders move with them; a larger capacity promotes.
 */
export async function editMeetup(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  meetupId: string,
  body: UpdateMeetupBody,
): Promise<MeetupDetail> {
  const title =
    body.title === undefined
      ? undefined
      : await cleanMemberText(deps, viewer.userId, 'meetup.title', body.title, {
          maxLength: EVENT_TITLE_MAX_LENGTH,
          html: false,
          required: true,
        });
  const description =
    body.description === undefined
      ? undefined
      : await cleanMemberText(deps, viewer.userId, 'meetup.description', body.description, {
          maxLength: EVENT_DESCRIPTION_MAX_LENGTH,
          html: true,
          required: true,
        });
  const address =
    body.address === undefined || body.address === null
      ? body.address
      : await cleanMemberText(deps, viewer.userId, 'meetup.address', body.address, {
          maxLength: 300,
          html: false,
          required: true,
        });
  const { meetup, circle } = await deps.transaction(async (tx) => {
    const { meetup, circle } = await lockForEditing(tx, viewer, meetupId);
    const localStart = body.localStart ?? meetup.local_start;
    const localEnd = body.localEnd ?? meetup.local_end;
    const minutes = wallClockMinutes(localStart, localEnd);
    if (minutes <= 0) throw invalidData('Invalid Data', 'The end must be after the start.', 'localEnd');
    if (minutes * 60_000 > MAX_DURATION_MS)
      throw invalidData('Invalid Data', 'It can last at most 31 days.', 'localEnd');
    if (body.onlineUrl !== undefined && body.onlineUrl !== null && !/^https:\/\/\S+$/.test(body.onlineUrl))
      throw invalidData('Invalid Data', 'The online link must be an https:// address.', 'onlineUrl');
    const changed: string[] = [];
    if (title !== undefined && title !== meetup.title) changed.push('title');
    if (description !== undefined && description !== meetup.description) changed.push('description');
    if (address !== undefined && address !== meetup.address) changed.push('place');
    if (body.onlineUrl !== undefined && body.onlineUrl !== meetup.online_url) changed.push('place');
    const timeChanged = localStart !== meetup.local_start || localEnd !== meetup.local_end;
    if (timeChanged) changed.push('time');
    if (body.capacity !== undefined && body.capacity !== meetup.capacity) changed.push('capacity');
    const updated = await updateMeetup(tx.trx, meetupId, {
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(address !== undefined ? { address } : {}),
      ...(body.onlineUrl !== undefined ? { online_url: body.onlineUrl } : {}),
      local_start: localStart,
      local_end: localEnd,
      ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
    });
    const now = deps.clock.now();
    const future = (await allOccurrencesOf(tx.trx, meetupId)).filter(
      (o) => o.starts_at > now && o.status === 'scheduled',
    );
    const timeOfDay = localStart.slice(10);
    for (const o of future) {
      if (o.modified || (!timeChanged && !changed.includes('capacity'))) continue;
      const g = await lockOccurrenceGathering(tx, meetupId, o.id);
      if (!g) continue;
      if (timeChanged) {
        const start = `${utcToLocal(o.starts_at, meetup.time_zone).slice(0, 10)}${timeOfDay}`;
        const startsAt = localToUtc(start, meetup.time_zone);
        const endsAt = localToUtc(addWallClockMinutes(start, minutes), meetup.time_zone);
        if (!startsAt || !endsAt) continue;
        await updateOccurrence(tx.trx, o.id, { starts_at: startsAt, ends_at: endsAt });
        g.startsAt = startsAt;
        g.endsAt = endsAt;
        for (const r of await goingOf(tx.trx, o.id))
          await planReminder(tx, g, r.user_id, r.reminder_minutes, now);
      }
      if (changed.includes('capacity')) await fillFreedSpots(tx, g, now);
    }
    if (changed.length > 0) {
      await tx.publish(MeetupUpdated, {
        ...meetupFacts(updated, circle, future[0]?.starts_at ?? now),
        changed: [...new Set(changed)],
        attendeeIds: await attendeeIdsOf(
          tx.trx,
          future.map((o) => o.id),
        ),
      });
    }
    return { meetup: updated, circle };
  });
  return detail(deps, viewer, meetup, circle);
}

export async function cancelMeetup(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  meetupId: string,
  reasonText: string | undefined,
): Promise<MeetupDetail> {
  const reason = reasonText
    ? await cleanMemberText(deps, viewer.userId, 'cancel.reason', reasonText, {
        maxLength: REVIEW_REASON_MAX_LENGTH,
        html: false,
        required: false,
      })
    : null;
  const { meetup, circle } = await deps.transaction(async (tx) => {
    const { circle } = await lockForEditing(tx, viewer, meetupId);
    const now = deps.clock.now();
    const future = (await allOccurrencesOf(tx.trx, meetupId)).filter(
      (o) => o.starts_at > now && o.status === 'scheduled',
    );
    for (const o of future) await updateOccurrence(tx.trx, o.id, { status: 'cancelled' });
    const ids = future.map((o) => o.id);
    await cancelRemindersOf(tx.trx, ids);
    const updated = await updateMeetup(tx.trx, meetupId, {
      status: 'cancelled',
      cancellation_reason: reason || null,
    });
    await tx.publish(MeetupCancelled, {
      ...meetupFacts(updated, circle, future[0]?.starts_at ?? now),
      reason: updated.cancellation_reason,
      attendeeIds: await attendeeIdsOf(tx.trx, ids),
    });
    return { meetup: updated, circle };
  });
  return detail(deps, viewer, meetup, circle);
}

export async function editOccurrence(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  meetupId: string,
  occurrenceId: string,
  body: UpdateOccurrenceBody,
): Promise<MeetupOccurrence> {
  const { meetup, occurrence } = await deps.transaction(async (tx) => {
    const { meetup } = await lockForEditing(tx, viewer, meetupId);
    const g = await lockOccurrenceGathering(tx, meetupId, occurrenceId);
    const current = g ? await findOccurrence(tx.trx, meetupId, occurrenceId) : undefined;
    if (!g || !current) throw notFound(MEETUP_NOT_FOUND);
    if (current.status === 'cancelled')
      throw invalidData('Invalid Data', 'This meetup was cancelled.', 'status');
    const localStart = body.localStart ?? utcToLocal(current.starts_at, meetup.time_zone);
    const localEnd = body.localEnd ?? utcToLocal(current.ends_at, meetup.time_zone);
    const startsAt = localToUtc(localStart, meetup.time_zone);
    const endsAt = localToUtc(localEnd, meetup.time_zone);
    if (!startsAt || !endsAt) throw invalidData('Invalid Data', 'The time is not valid.', 'localStart');
    if (endsAt <= startsAt) throw invalidData('Invalid Data', 'The end must be after the start.', 'localEnd');
    const now = deps.clock.now();
    if (startsAt <= now)
      throw invalidData('Invalid Data', 'The meetup must start in the future.', 'localStart');
    const timeChanged =
      startsAt.getTime() !== current.starts_at.getTime() || endsAt.getTime() !== current.ends_at.getTime();
    const updated = await updateOccurrence(tx.trx, occurrenceId, {
      starts_at: startsAt,
      ends_at: endsAt,
      ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
      modified: true,
    });
    g.startsAt = startsAt;
    g.endsAt = endsAt;
    g.capacity = updated.capacity ?? meetup.capacity;
    if (timeChanged)
      for (const r of await goingOf(tx.trx, occurrenceId))
        await planReminder(tx, g, r.user_id, r.reminder_minutes, now);
    await fillFreedSpots(tx, g, now);
    await tx.publish(OccurrenceUpdated, {
      meetupId,
      occurrenceId,
      circleId: meetup.circle_id,
      title: meetup.title,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      attendeeIds: await attendeeIdsOf(tx.trx, [occurrenceId]),
    });
    return { meetup, occurrence: (await findOccurrence(tx.trx, meetupId, occurrenceId))! };
  });
  return (await presentOccurrences(deps.db, viewer, meetup, [occurrence]))[0]!;
}

export async function cancelOccurrence(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  meetupId: string,
  occurrenceId: string,
  reasonText: string | undefined,
): Promise<MeetupOccurrence> {
  const reason = reasonText
    ? await cleanMemberText(deps, viewer.userId, 'cancel.reason', reasonText, {
        maxLength: REVIEW_REASON_MAX_LENGTH,
        html: false,
        required: false,
      })
    : null;
  const { meetup, occurrence } = await deps.transaction(async (tx) => {
    const { meetup } = await lockForEditing(tx, viewer, meetupId);
    const g = await lockOccurrenceGathering(tx, meetupId, occurrenceId);
    const current = g ? await findOccurrence(tx.trx, meetupId, occurrenceId) : undefined;
    if (!current) throw notFound(MEETUP_NOT_FOUND);
    if (current.status === 'cancelled') return { meetup, occurrence: current };
    const updated = await updateOccurrence(tx.trx, occurrenceId, { status: 'cancelled' });
    await cancelRemindersOf(tx.trx, [occurrenceId]);
    await tx.publish(OccurrenceCancelled, {
      meetupId,
      occurrenceId,
      circleId: meetup.circle_id,
      title: meetup.title,
      startsAt: updated.starts_at.toISOString(),
      reason: reason || null,
      attendeeIds: await attendeeIdsOf(tx.trx, [occurrenceId]),
    });
    return { meetup, occurrence: updated };
  });
  return (await presentOccurrences(deps.db, viewer, meetup, [occurrence]))[0]!;
}
