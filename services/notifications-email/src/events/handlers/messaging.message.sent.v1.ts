import { MessageSent } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyMessageSent } from '../../use-cases/event-notifications.ts';

/** A message: each recipient's message notification, e-mail (high priority, never batched) and push. */
export const messageSentConsumer = defineConsumer({
  name: 'notify-message-sent',
  event: MessageSent,
  handle: (event, tx, deps) => notifyMessageSent(deps, tx, event),
});
