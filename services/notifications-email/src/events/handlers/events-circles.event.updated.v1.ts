import { EventUpdated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyEventUpdated } from '../../use-cases/circle-notifications.ts';

/** An event changed: its attendees' event notification. */
export const eventUpdatedConsumer = defineConsumer({
  name: 'notify-event-updated',
  event: EventUpdated,
  handle: (event, tx, deps) => notifyEventUpdated(deps, tx, event),
});
