import { ReminderDue } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyEventReminder } from '../../use-cases/circle-notifications.ts';

/** A reminder due: the attendee's event_reminder (urgent, high-priority e-mail, push). */
export const reminderDueConsumer = defineConsumer({
  name: 'notify-event-reminder-due',
  event: ReminderDue,
  member: (event) => event.payload.userId,
  handle: (event, tx, deps) => notifyEventReminder(deps, tx, event),
});
