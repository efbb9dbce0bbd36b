import { CircleCreated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { circleChanged } from '../../use-cases/circles-and-events.ts';

/** A new circle: indexed, findable once approved. */
export const circleCreatedConsumer = defineConsumer({
  name: 'circle-created',
  event: CircleCreated,
  member: (event) => event.payload.holderId,
  handle: (event, tx) => circleChanged(tx, event),
});
