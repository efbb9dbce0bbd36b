import { EventCreated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { eventChanged } from '../../use-cases/circles-and-events.ts';

/** A new event: indexed, findable once approved. */
export const eventCreatedConsumer = defineConsumer({
  name: 'event-created',
  event: EventCreated,
  member: (event) => event.payload.hostId,
  handle: (event, tx) => eventChanged(tx, event),
});
