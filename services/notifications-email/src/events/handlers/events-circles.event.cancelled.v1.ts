import { EventCancelled } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyEventCancelled } from '../../use-cases/circle-notifications.ts';

/** An event cancelled: its attendees' event notification. */
export const eventCancelledConsumer = defineConsumer({
  name: 'notify-event-cancelled',
  event: EventCancelled,
  handle: (event, tx, deps) => notifyEventCancelled(deps, tx, event),
});
