import { CircleApproved } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { circleChanged } from '../../use-cases/circles-and-events.ts';

/** An approved circle becomes findable. */
export const circleApprovedConsumer = defineConsumer({
  name: 'circle-approved',
  event: CircleApproved,
  member: (event) => event.payload.holderId,
  handle: (event, tx) => circleChanged(tx, event),
});
