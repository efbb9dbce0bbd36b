import { sql } from 'kysely';
import type { EventsCirclesDb, RsvpRow, RsvpState, TargetKind } from './tables.ts';

/*
 * RSVPs to events and to meetup occurrences, the waitlist (first in, first out by queued_seq) and the reminder
 * schedule. Writers hold the gathering's row lock (events.repository lockEvent / meetups.repository lockOccurrence)
 * so counts, spots and queue positions never race.
 */

export async function findRsvp(
  db: EventsCirclesDb,
  targetId: string,
  userId: string,
): Promise<RsvpRow | undefined> {
  return db
    .selectFrom('rsvps')
    .selectAll()
    .where('target_id', '=', targetId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Records an answer. A member joining the queue gets a fresh queued_seq (they go to the back), so the row is
 * replaced rather than updated.
 */
export async function writeRsvp(
  db: EventsCirclesDb,
  r: { targetKind: TargetKind; targetId: string; userId: string; status: RsvpState; reminderMinutes: number },
): Promise<RsvpRow> {
  await db.deleteFrom('rsvps').where('target_id', '=', r.targetId).where('user_id', '=', r.userId).execute();
  return db
    .insertInto('rsvps')
    .values({
      target_kind: r.targetKind,
      target_id: r.targetId,
      user_id: r.userId,
      status: r.status,
      reminder_minutes: r.reminderMinutes,
      waitlisted_at: r.status === 'waitlisted' ? sql<Date>`clock_timestamp()` : null,
      responded_at: sql<Date>`clock_timestamp()`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setReminderMinutes(
  db: EventsCirclesDb,
  targetId: string,
  userId: string,
  minutes: number,
): Promise<void> {
  await db
    .updateTable('rsvps')
    .set({ reminder_minutes: minutes })
    .where('target_id', '=', targetId)
    .where('user_id', '=', userId)
    .execute();
}

/** The first n on the waitlist, moved to going (in queue order). */
export async function promoteFromWaitlist(
  db: EventsCirclesDb,
  targetId: string,
  n: number,
): Promise<RsvpRow[]> {
  if (n <= 0) return [];
  const next = await db
    .selectFrom('rsvps')
    .select('user_id')
    .where('target_id', '=', targetId)
    .where('status', '=', 'waitlisted')
    .orderBy('queued_seq')
    .limit(n)
    .execute();
  if (next.length === 0) return [];
  const promoted = await db
    .updateTable('rsvps')
    .set({ status: 'going', waitlisted_at: null })
    .where('target_id', '=', targetId)
    .where(
      'user_id',
      'in',
      next.map((r) => r.user_id),
    )
    .returningAll()
    .execute();
  return promoted.sort((a, b) => a.queued_seq - b.queued_seq);
}

/** 1 = next in line. */
export async function waitlistPosition(
  db: EventsCirclesDb,
  targetId: string,
  queuedSeq: number,
): Promise<number> {
  const row = await db
    .selectFrom('rsvps')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('target_id', '=', targetId)
    .where('status', '=', 'waitlisted')
    .where('queued_seq', '<=', queuedSeq)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The viewer's answers to these gatherings. */
export async function rsvpsOf(
  db: EventsCirclesDb,
  userId: string,
  targetIds: readonly string[],
): Promise<Map<string, RsvpRow>> {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('rsvps')
    .selectAll()
    .where('user_id', '=', userId)
    .where('target_id', 'in', [...new Set(targetIds)])
    .execute();
  return new Map(rows.map((r) => [r.target_id, r]));
}

/** Going first (by answer), then the waitlist in queue order. */
export async function attendeesOf(db: EventsCirclesDb, targetId: string): Promise<RsvpRow[]> {
  return db
    .selectFrom('rsvps')
    .selectAll()
    .where('target_id', '=', targetId)
    .where('status', 'in', ['going', 'waitlisted'])
    .orderBy(sql`case status when 'going' then 0 else 1 end`)
    .orderBy('queued_seq')
    .limit(5000)
    .execute();
}

export async function attendeeIdsOf(db: EventsCirclesDb, targetIds: readonly string[]): Promise<string[]> {
  if (targetIds.length === 0) return [];
  const rows = await db
    .selectFrom('rsvps')
    .select('user_id')
    .distinct()
    .where('target_id', 'in', [...targetIds])
    .where('status', 'in', ['going', 'waitlisted'])
    .execute();
  return rows.map((r) => r.user_id);
}

/** The gatherings a member is going to (their calendar feed). */
export async function goingTargetsOf(db: EventsCirclesDb, userId: string): Promise<RsvpRow[]> {
  return db
    .selectFrom('rsvps')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'going')
    .execute();
}

/** Counts from the rows (after a change under the gathering's lock). */
export async function countsOf(
  db: EventsCirclesDb,
  targetId: string,
): Promise<{ going: number; waitlisted: number }> {
  const rows = await db
    .selectFrom('rsvps')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('target_id', '=', targetId)
    .groupBy('status')
    .execute();
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { going: of('going'), waitlisted: of('waitlisted') };
}

// ---------------------------------------------------------------- reminders

/** Schedules (or moves) the member's reminder; a moved reminder is due again even if the old one went out. */
export async function scheduleReminder(
  db: EventsCirclesDb,
  r: { id: string; targetKind: TargetKind; targetId: string; userId: string; dueAt: Date; minutes: number },
): Promise<void> {
  await db
    .insertInto('reminders')
    .values({
      id: r.id,
      target_kind: r.targetKind,
      target_id: r.targetId,
      user_id: r.userId,
      due_at: r.dueAt,
      reminder_minutes: r.minutes,
    })
    .onConflict((oc) =>
      oc.columns(['target_id', 'user_id']).doUpdateSet({
        due_at: r.dueAt,
        reminder_minutes: r.minutes,
        sent_at: sql<Date | null>`case when reminders.due_at = ${r.dueAt} then reminders.sent_at else null end`,
      }),
    )
    .execute();
}

export async function cancelReminder(db: EventsCirclesDb, targetId: string, userId: string): Promise<void> {
  await db.deleteFrom('reminders').where('target_id', '=', targetId).where('user_id', '=', userId).execute();
}

export async function cancelRemindersOf(db: EventsCirclesDb, targetIds: readonly string[]): Promise<void> {
  if (targetIds.length === 0) return;
  await db
    .deleteFrom('reminders')
    .where('target_id', 'in', [...targetIds])
    .execute();
}

/** Going members of a gathering whose time changed: their reminders move with it. */
export async function goingOf(db: EventsCirclesDb, targetId: string): Promise<RsvpRow[]> {
  return db
    .selectFrom('rsvps')
    .selectAll()
    .where('target_id', '=', targetId)
    .where('status', '=', 'going')
    .execute();
}

/**
 * Claims up to `limit` reminders due at `now` for this transaction: rows another instance is sending are skipped
 * (FOR UPDATE SKIP LOCKED), and the caller marks them sent in the same transaction that writes reminder.due to
 * the outbox, so each goes out exactly once, across restarts and replicas.
 */
export async function claimDueReminders(db: EventsCirclesDb, now: Date, limit: number) {
  return db
    .selectFrom('reminders')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function markRemindersSent(
  db: EventsCirclesDb,
  ids: readonly string[],
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('reminders')
    .set({ sent_at: at })
    .where('id', 'in', [...ids])
    .execute();
}
