import { MessageSent } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { memberActed } from '../../use-cases/dashboard.ts';

/** A message: the dashboard's messages per week, and its sender was active. Only counted, never read. */
export const messageSentConsumer = defineConsumer({
  name: 'message-sent',
  event: MessageSent,
  member: (event) => event.payload.senderId,
  handle: (event, tx) => memberActed(tx, 'messages', event.payload.senderId, new Date(event.payload.sentAt)),
});
