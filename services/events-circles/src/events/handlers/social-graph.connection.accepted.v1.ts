import { ConnectionAccepted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordConnection } from '../../use-cases/read-models.ts';

/** Two members connected: attendee lists put each first for the other, and recommendations count them. */
export const connectionAcceptedConsumer = defineConsumer({
  name: 'connection-accepted',
  event: ConnectionAccepted,
  member: (event) => event.payload.senderId,
  handle: (event, tx) => recordConnection(tx, event, true),
});
