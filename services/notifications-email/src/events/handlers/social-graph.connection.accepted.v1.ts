import { ConnectionAccepted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyConnectionAccepted } from '../../use-cases/event-notifications.ts';

/** An accepted request: the sender's connection_accepted notification. */
export const connectionAcceptedConsumer = defineConsumer({
  name: 'notify-connection-accepted',
  event: ConnectionAccepted,
  member: (event) => event.payload.senderId,
  handle: (event, tx, deps) => notifyConnectionAccepted(deps, tx, event),
});
