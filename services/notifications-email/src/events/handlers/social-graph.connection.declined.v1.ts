import { ConnectionDeclined } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { forgetConnectionRequest } from '../../use-cases/event-notifications.ts';

/** A declined request: no e-mail is sent for it any more. */
export const connectionDeclinedConsumer = defineConsumer({
  name: 'forget-declined-request',
  event: ConnectionDeclined,
  member: (event) => event.payload.receiverId,
  handle: (event, tx) => forgetConnectionRequest(tx, event),
});
