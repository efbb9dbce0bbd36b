import { EventCancelled } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { eventCancelled } from '../../use-cases/circles-and-events.ts';

/** A cancelled event is never found again. */
export const eventCancelledConsumer = defineConsumer({
  name: 'event-cancelled',
  event: EventCancelled,
  handle: (event, tx) => eventCancelled(tx, event.payload.eventId, event.occurredAt),
});
