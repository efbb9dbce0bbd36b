import { EventUpdated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { eventChanged } from '../../use-cases/circles-and-events.ts';

/** A changed event: the index follows, unless a newer state is already there. */
export const eventUpdatedConsumer = defineConsumer({
  name: 'event-updated',
  event: EventUpdated,
  member: (event) => event.payload.hostId,
  handle: (event, tx) => eventChanged(tx, event),
});
