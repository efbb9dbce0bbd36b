import { EventApproved } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { eventChanged } from '../../use-cases/circles-and-events.ts';

/** An approved event becomes findable. */
export const eventApprovedConsumer = defineConsumer({
  name: 'event-approved',
  event: EventApproved,
  member: (event) => event.payload.hostId,
  handle: (event, tx) => eventChanged(tx, event),
});
