import { EventRejected } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { rejected } from '../../use-cases/circles-and-events.ts';

/** A rejected event is not findable. */
export const eventRejectedConsumer = defineConsumer({
  name: 'event-rejected',
  event: EventRejected,
  handle: (event, tx) => rejected(tx, event.payload.eventId, event.occurredAt),
});
