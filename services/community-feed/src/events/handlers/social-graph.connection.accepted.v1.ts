import { ConnectionAccepted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordConnection } from '../../use-cases/read-models.ts';

/** Two members connected: each sees the other's connections-only posts and "From my connections". */
export const connectionAcceptedConsumer = defineConsumer({
  name: 'connection-accepted',
  event: ConnectionAccepted,
  member: (event) => event.payload.senderId,
  handle: (event, tx) => recordConnection(tx, event, true),
});
