import { CircleUpdated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { circleChanged } from '../../use-cases/circles-and-events.ts';

/** A changed circle: the index follows, unless a newer state is already there. */
export const circleUpdatedConsumer = defineConsumer({
  name: 'circle-updated',
  event: CircleUpdated,
  member: (event) => event.payload.holderId,
  handle: (event, tx) => circleChanged(tx, event),
});
