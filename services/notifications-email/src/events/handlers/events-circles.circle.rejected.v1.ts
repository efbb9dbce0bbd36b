import { CircleRejected } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyCircleReviewed } from '../../use-cases/circle-notifications.ts';

/** A circle rejected: its holder hears of it, with the reviewer's reason. */
export const circleRejectedConsumer = defineConsumer({
  name: 'notify-circle-rejected',
  event: CircleRejected,
  member: (event) => event.payload.holderId,
  handle: (event, tx, deps) => notifyCircleReviewed(deps, tx, event),
});
