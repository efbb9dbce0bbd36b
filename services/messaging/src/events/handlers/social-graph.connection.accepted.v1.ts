import { ConnectionAccepted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordConnection } from '../../use-cases/members.ts';

/** Two members connected: 'Only my connections can message me' lets each message the other. */
export const connectionAcceptedConsumer = defineConsumer({
  name: 'connection-accepted',
  event: ConnectionAccepted,
  handle: (event, tx) => recordConnection(tx, event),
});
