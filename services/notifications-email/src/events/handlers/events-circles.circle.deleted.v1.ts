import { CircleDeleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyCircleDeleted } from '../../use-cases/circle-notifications.ts';

/** A circle was removed: its members (named in the event) are told. */
export const circleDeletedConsumer = defineConsumer({
  name: 'notify-circle-deleted',
  event: CircleDeleted,
  handle: (event, tx, deps) => notifyCircleDeleted(deps, tx, event),
});
