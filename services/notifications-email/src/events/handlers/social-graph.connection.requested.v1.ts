import { ConnectionRequested } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyConnectionRequested } from '../../use-cases/event-notifications.ts';

/** A connection request: the receiver's connection_request notification (its e-mail goes by the batch processor). */
export const connectionRequestedConsumer = defineConsumer({
  name: 'notify-connection-requested',
  event: ConnectionRequested,
  member: (event) => event.payload.receiverId,
  handle: (event, tx, deps) => notifyConnectionRequested(deps, tx, event),
});
