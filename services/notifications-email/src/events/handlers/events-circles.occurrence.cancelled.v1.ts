import { OccurrenceCancelled } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyOccurrenceCancelled } from '../../use-cases/circle-notifications.ts';

/** A meetup occurrence cancelled: its attendees' event notification. */
export const occurrenceCancelledConsumer = defineConsumer({
  name: 'notify-occurrence-cancelled',
  event: OccurrenceCancelled,
  handle: (event, tx, deps) => notifyOccurrenceCancelled(deps, tx, event),
});
