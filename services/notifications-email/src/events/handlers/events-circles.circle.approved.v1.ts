import { CircleApproved } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyCircleReviewed } from '../../use-cases/circle-notifications.ts';

/** A circle approved: its holder hears of it. */
export const circleApprovedConsumer = defineConsumer({
  name: 'notify-circle-approved',
  event: CircleApproved,
  member: (event) => event.payload.holderId,
  handle: (event, tx, deps) => notifyCircleReviewed(deps, tx, event),
});
