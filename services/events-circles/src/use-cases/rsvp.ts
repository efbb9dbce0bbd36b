import { randomUUID } from 'node:crypto';
import {
  REMINDER_DEFAULT_MINUTES,
  RsvpChanged,
  WaitlistPromoted,
  type AttendeeList,
  type RsvpBody,
  type RsvpResult,
} from '@mer/contracts';
import { invalidData, notFound, permissionDenied } from '@mer/service-runtime';
import { lockEvent } from '../db/events.repository.ts';
import { connectionsOf, findMembers } from '../db/members.repository.ts';
import { findMeetup, findOccurrence, lockOccurrence, updateOccurrence } from '../db/meetups.repository.ts';
import { findEvent, updateEvent } from '../db/events.repository.ts';
import {
  attendeesOf,
  cancelReminder,
  countsOf,
  findRsvp,
  promoteFromWaitlist,
  scheduleReminder,
  setReminderMinutes,
  waitlistPosition,
  writeRsvp,
} from '../db/rsvps.repository.ts';
import type { RsvpRow, TargetKind } from '../db/tables.ts';
import type { EventsCirclesDeps, EventsCirclesTx } from '../deps.ts';
import { admissionFor, attendance, promotionsDue } from '../domain/rules.ts';
import { lockLiveMember, requireContributor, type Viewer } from './access.ts';
import { roleIn } from './circles.ts';
import { toMember } from './present.ts';

/*
 * RSVPs to events and to meetup occurrences: one rule for both. The gathering's row is locked for the whole
 * answer, so answers to one gathering are taken one at a time in the order they reach the lock: going takes a
 * spot while one is free, otherwise the member joins the back of the waitlist; a freed spot (not going, a larger
 * capacity) goes to the first in line, who is told. Each answer moves the member's reminder with it.
 */

/** The gathering an RSVP is about, locked, with what the events and reminders need. */
export interface LockedGathering {
  kind: TargetKind;
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  capacity: number | null;
  goingCount: number;
  waitlistCount: number;
  eventId: string | null;
  meetupId: string | null;
  circleId: string | null;
  open: boolean;
}

export async function lockEventGathering(
  tx: EventsCirclesTx,
  eventId: string,
): Promise<LockedGathering | undefined> {
  const e = await lockEvent(tx.trx, eventId);
  if (!e) return undefined;
  return {
    kind: 'event',
    id: e.id,
    title: e.title,
    startsAt: e.starts_at,
    endsAt: e.ends_at,
    timeZone: e.time_zone,
    capacity: e.capacity,
    goingCount: e.going_count,
    waitlistCount: e.waitlist_count,
    eventId: e.id,
    meetupId: null,
    circleId: e.circle_id,
    open: e.approval_status === 'approved' && e.status === 'scheduled',
  };
}

export async function lockOccurrenceGathering(
  tx: EventsCirclesTx,
  meetupId: string,
  occurrenceId: string,
): Promise<LockedGathering | undefined> {
  const meetup = await findMeetup(tx.trx, meetupId);
  const o = meetup ? await lockOccurrence(tx.trx, occurrenceId) : undefined;
  if (!meetup || !o || o.meetup_id !== meetupId) return undefined;
  return {
    kind: 'occurrence',
    id: o.id,
    title: meetup.title,
    startsAt: o.starts_at,
    endsAt: o.ends_at,
    timeZone: meetup.time_zone,
    capacity: o.capacity ?? meetup.capacity,
    goingCount: o.going_count,
    waitlistCount: o.waitlist_count,
    eventId: null,
    meetupId,
    circleId: meetup.circle_id,
    open: meetup.status === 'scheduled' && o.status === 'scheduled',
  };
}

const targetFacts = (g: LockedGathering) => ({
  targetKind: g.kind,
  targetId: g.id,
  eventId: g.eventId,
  meetupId: g.meetupId,
  occurrenceId: g.kind === 'occurrence' ? g.id : null,
  circleId: g.circleId,
});

async function storeCounts(
  tx: EventsCirclesTx,
  g: LockedGathering,
): Promise<{ going: number; waitlisted: number }> {
  const counts = await countsOf(tx.trx, g.id);
  const changes = { going_count: counts.going, waitlist_count: counts.waitlisted };
  if (g.kind === 'event') await updateEvent(tx.trx, g.id, changes);
  else await updateOccurrence(tx.trx, g.id, changes);
  g.goingCount = counts.going;
  g.waitlistCount = counts.waitlisted;
  return counts;
}

/** The member's reminder: reminderMinutes before the start (none for 0), sent at once if that moment passed. */
export async function planReminder(
  tx: EventsCirclesTx,
  g: LockedGathering,
  userId: string,
  minutes: number,
  now: Date,
) {
  if (minutes === 0 || g.startsAt <= now) {
    await cancelReminder(tx.trx, g.id, userId);
    return;
  }
  const due = new Date(Math.max(now.getTime(), g.startsAt.getTime() - minutes * 60_000));
  await scheduleReminder(tx.trx, {
    id: randomUUID(),
    targetKind: g.kind,
    targetId: g.id,
    userId,
    dueAt: due,
    minutes,
  });
}

async function publishChange(
  tx: EventsCirclesTx,
  g: LockedGathering,
  userId: string,
  status: RsvpRow['status'],
  previous: RsvpRow['status'] | 'none',
  now: Date,
) {
  await tx.publish(RsvpChanged, {
    ...targetFacts(g),
    userId,
    status,
    previousStatus: previous,
    capacity: g.capacity,
    goingCount: g.goingCount,
    waitlistCount: g.waitlistCount,
    spotsLeft: g.capacity === null ? null : Math.max(0, g.capacity - g.goingCount),
    changedAt: now.toISOString(),
  });
}

/**
 * Moves members up from the waitlist while spots are free (after a cancellation, or a larger capacity). Each is
 * told (waitlist.promoted) and gets their reminder.
 */
export async function fillFreedSpots(tx: EventsCirclesTx, g: LockedGathering, now: Date): Promise<void> {
  const due = promotionsDue(g.capacity, g.goingCount, g.waitlistCount);
  const promoted = await promoteFromWaitlist(tx.trx, g.id, due);
  if (promoted.length === 0) return;
  await storeCounts(tx, g);
  for (const p of promoted) {
    await planReminder(tx, g, p.user_id, p.reminder_minutes, now);
    await publishChange(tx, g, p.user_id, 'going', 'waitlisted', now);
    await tx.publish(WaitlistPromoted, {
      ...targetFacts(g),
      userId: p.user_id,
      title: g.title,
      startsAt: g.startsAt.toISOString(),
      timeZone: g.timeZone,
    });
  }
}

async function answer(
  deps: EventsCirclesDeps,
  tx: EventsCirclesTx,
  viewer: Viewer,
  g: LockedGathering,
  body: RsvpBody,
): Promise<RsvpResult> {
  const now = deps.clock.now();
  const existing = await findRsvp(tx.trx, g.id, viewer.userId);
  const previous = existing?.status ?? 'none';
  const minutes = body.reminderMinutes ?? existing?.reminder_minutes ?? REMINDER_DEFAULT_MINUTES;
  let row: RsvpRow | undefined = existing;
  if (body.status === 'going') {
    if (!g.open) throw invalidData('Invalid Data', 'This gathering is not open for RSVPs.', 'status');
    if (g.endsAt <= now) throw invalidData('Invalid Data', 'This gathering is over.', 'status');
    if (previous === 'going' || previous === 'waitlisted') {
      if (body.reminderMinutes !== undefined) await setReminderMinutes(tx.trx, g.id, viewer.userId, minutes);
      if (previous === 'going') await planReminder(tx, g, viewer.userId, minutes, now);
    } else {
      const status = admissionFor(g.capacity, g.goingCount);
      row = await writeRsvp(tx.trx, {
        targetKind: g.kind,
        targetId: g.id,
        userId: viewer.userId,
        status,
        reminderMinutes: minutes,
      });
      await storeCounts(tx, g);
      if (status === 'going') await planReminder(tx, g, viewer.userId, minutes, now);
      await publishChange(tx, g, viewer.userId, status, previous, now);
    }
  } else if (previous !== 'not_going') {
    row = await writeRsvp(tx.trx, {
      targetKind: g.kind,
      targetId: g.id,
      userId: viewer.userId,
      status: 'not_going',
      reminderMinutes: minutes,
    });
    await cancelReminder(tx.trx, g.id, viewer.userId);
    await storeCounts(tx, g);
    await publishChange(tx, g, viewer.userId, 'not_going', previous, now);
    if (previous === 'going' && g.open) await fillFreedSpots(tx, g, now);
  }
  const mine = row ? await findRsvp(tx.trx, g.id, viewer.userId) : undefined;
  const position =
    mine?.status === 'waitlisted' ? await waitlistPosition(tx.trx, g.id, mine.queued_seq) : null;
  return {
    targetId: g.id,
    attendance: attendance(
      { capacity: g.capacity, going_count: g.goingCount, waitlist_count: g.waitlistCount },
      { status: mine?.status ?? 'none', waitlistPosition: position },
    ),
  };
}

export async function rsvpToEvent(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  eventId: string,
  body: RsvpBody,
): Promise<RsvpResult> {
  return deps.transaction(async (tx) => {
    if (body.status === 'going') await requireContributor(deps, tx, viewer);
    else await lockLiveMember(tx, viewer.userId);
    const g = await lockEventGathering(tx, eventId);
    const event = g ? await findEvent(tx.trx, eventId) : undefined;
    // An event waiting for approval or hidden by a moderator is only its host's (and reviewers') to see.
    if (
      !g ||
      !event ||
      ((event.approval_status !== 'approved' || event.hidden_at) &&
        event.host_id !== viewer.userId &&
        !viewer.reviewer)
    )
      throw notFound('Event not found.');
    return answer(deps, tx, viewer, g, body);
  });
}

/** Occurrences of a circle's meetups are for the circle's members. */
export async function rsvpToOccurrence(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  meetupId: string,
  occurrenceId: string,
  body: RsvpBody,
): Promise<RsvpResult> {
  return deps.transaction(async (tx) => {
    if (body.status === 'going') await requireContributor(deps, tx, viewer);
    else await lockLiveMember(tx, viewer.userId);
    const meetup = await findMeetup(tx.trx, meetupId);
    if (!meetup) throw notFound('Meetup not found.');
    if (body.status === 'going' && !(await roleIn(tx.trx, meetup.circle_id, viewer.userId)))
      throw permissionDenied('Join the circle to take part.');
    const g = await lockOccurrenceGathering(tx, meetupId, occurrenceId);
    if (!g) throw notFound('Meetup not found.');
    return answer(deps, tx, viewer, g, body);
  });
}

/** Going and waitlist, the viewer's connections first within each (the attendee list's "mutual connections"). */
export async function attendeeList(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  targetId: string,
): Promise<AttendeeList> {
  const [rows, connections] = await Promise.all([
    attendeesOf(deps.db, targetId),
    connectionsOf(deps.db, viewer.userId),
  ]);
  const members = await findMembers(
    deps.db,
    rows.map((r) => r.user_id),
  );
  let position = 0;
  const all = rows.map((r) => ({
    member: toMember(r.user_id, members),
    status: r.status === 'going' ? ('going' as const) : ('waitlisted' as const),
    isConnection: connections.has(r.user_id),
    waitlistPosition: r.status === 'waitlisted' ? ++position : null,
    respondedAt: r.responded_at.toISOString(),
  }));
  const connectionsFirst = <T extends { isConnection: boolean }>(list: T[]) => [
    ...list.filter((a) => a.isConnection),
    ...list.filter((a) => !a.isConnection),
  ];
  return {
    going: connectionsFirst(all.filter((a) => a.status === 'going')),
    waitlist: all.filter((a) => a.status === 'waitlisted'),
  };
}

export async function occurrenceAttendees(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  meetupId: string,
  occurrenceId: string,
) {
  const o = await findOccurrence(deps.db, meetupId, occurrenceId);
  if (!o) throw notFound('Meetup not found.');
  return attendeeList(deps, viewer, occurrenceId);
}
