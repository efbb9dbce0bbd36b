import { ReminderDue } from '@mer/contracts';
import { findCircles } from '../db/circles.repository.ts';
import { findEvents } from '../db/events.repository.ts';
import { findMeetups, findOccurrencesById } from '../db/meetups.repository.ts';
import { claimDueReminders, markRemindersSent } from '../db/rsvps.repository.ts';
import type { EventsCirclesDeps } from '../deps.ts';

/*
 * The reminder schedule (the reminders table): each batch is claimed with FOR UPDATE SKIP LOCKED, each reminder.due
 * goes to the outbox and the row is marked sent in that same transaction. A crash before the commit leaves the rows
 * due for the next run (after a restart, or on another replica); after it, they are sent and never again.
 */

const BATCH = 200;

/** Sends every reminder due at `now`; returns how many went out. */
export async function sendDueReminders(
  deps: Pick<EventsCirclesDeps, 'transaction'>,
  now: Date,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await deps.transaction(async (tx) => {
      const due = await claimDueReminders(tx.trx, now, BATCH);
      if (due.length === 0) return 0;
      const events = new Map(
        (
          await findEvents(
            tx.trx,
            due.filter((r) => r.target_kind === 'event').map((r) => r.target_id),
          )
        ).map((e) => [e.id, e]),
      );
      const occurrences = new Map(
        (
          await findOccurrencesById(
            tx.trx,
            due.filter((r) => r.target_kind === 'occurrence').map((r) => r.target_id),
          )
        ).map((o) => [o.id, o]),
      );
      const meetups = await findMeetups(
        tx.trx,
        [...occurrences.values()].map((o) => o.meetup_id),
      );
      const circles = await findCircles(tx.trx, [
        ...[...events.values()].flatMap((e) => (e.circle_id ? [e.circle_id] : [])),
        ...[...meetups.values()].map((m) => m.circle_id),
      ]);
      let published = 0;
      for (const r of due) {
        const event = events.get(r.target_id);
        const occurrence = occurrences.get(r.target_id);
        const meetup = occurrence ? meetups.get(occurrence.meetup_id) : undefined;
        const gathering = event
          ? {
              title: event.title,
              startsAt: event.starts_at,
              endsAt: event.ends_at,
              timeZone: event.time_zone,
              circleId: event.circle_id,
              live: event.status === 'scheduled',
            }
          : occurrence && meetup
            ? {
                title: meetup.title,
                startsAt: occurrence.starts_at,
                endsAt: occurrence.ends_at,
                timeZone: meetup.time_zone,
                circleId: meetup.circle_id,
                live: occurrence.status === 'scheduled' && meetup.status === 'scheduled',
              }
            : undefined;
        // A gathering cancelled or over by now gets no reminder; its row is closed all the same.
        if (!gathering || !gathering.live || gathering.endsAt <= now) continue;
        await tx.publish(ReminderDue, {
          reminderId: r.id,
          targetKind: r.target_kind,
          targetId: r.target_id,
          eventId: event ? event.id : null,
          meetupId: meetup ? meetup.id : null,
          occurrenceId: occurrence ? occurrence.id : null,
          circleId: gathering.circleId,
          userId: r.user_id,
          title: gathering.title,
          circleName: gathering.circleId ? (circles.get(gathering.circleId)?.name ?? null) : null,
          startsAt: gathering.startsAt.toISOString(),
          timeZone: gathering.timeZone,
          reminderMinutes: r.reminder_minutes,
        });
        published++;
      }
      await markRemindersSent(
        tx.trx,
        due.map((r) => r.id),
        now,
      );
      sent += published;
      return due.length;
    });
    if (batch < BATCH) return sent;
  }
}

/** The scheduler: looks for due reminders every REMINDER_POLL_MS; returns its stop. */
export function startReminderScheduler(deps: EventsCirclesDeps): () => Promise<void> {
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const tick = () => {
    current = sendDueReminders(deps, deps.clock.now())
      .catch((err: unknown) => deps.log.warn({ err }, 'sending reminders failed'))
      .finally(() => {
        if (running) timer = setTimeout(tick, deps.config.REMINDER_POLL_MS);
      });
  };
  timer = setTimeout(tick, deps.config.REMINDER_POLL_MS);
  return async () => {
    running = false;
    clearTimeout(timer);
    await current;
  };
}
