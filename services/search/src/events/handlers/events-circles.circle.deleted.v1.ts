import { CircleDeleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { circleDeleted } from '../../use-cases/circles-and-events.ts';

/** A circle removed (an admin's decision) is never found again. */
export const circleDeletedConsumer = defineConsumer({
  name: 'circle-deleted',
  event: CircleDeleted,
  handle: (event, tx) => circleDeleted(tx, event.payload.circleId, event.occurredAt),
});
