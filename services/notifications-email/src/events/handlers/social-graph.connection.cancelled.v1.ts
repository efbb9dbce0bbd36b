import { ConnectionCancelled } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { forgetConnectionRequest } from '../../use-cases/event-notifications.ts';

/** A withdrawn request: its pending notification goes, and no e-mail is sent for it. */
export const connectionCancelledConsumer = defineConsumer({
  name: 'forget-cancelled-request',
  event: ConnectionCancelled,
  member: (event) => event.payload.receiverId,
  handle: (event, tx) => forgetConnectionRequest(tx, event),
});
