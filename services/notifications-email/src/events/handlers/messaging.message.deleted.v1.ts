import { MessageDeleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { forgetDeletedMessage } from '../../use-cases/event-notifications.ts';

/** A deleted message: its notifications go (their preview showed the text taken back). */
export const messageDeletedConsumer = defineConsumer({
  name: 'forget-deleted-message',
  event: MessageDeleted,
  handle: (event, tx) => forgetDeletedMessage(tx, event),
});
