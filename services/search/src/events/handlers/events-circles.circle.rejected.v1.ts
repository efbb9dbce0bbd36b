import { CircleRejected } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { rejected } from '../../use-cases/circles-and-events.ts';

/** A rejected circle is not findable. */
export const circleRejectedConsumer = defineConsumer({
  name: 'circle-rejected',
  event: CircleRejected,
  handle: (event, tx) => rejected(tx, event.payload.circleId, event.occurredAt),
});
