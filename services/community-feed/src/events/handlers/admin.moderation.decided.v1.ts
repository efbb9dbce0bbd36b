import { AdminModerationDecided } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { applyModerationDecision } from '../../use-cases/moderation.ts';

/** An admin decided on reported content: the feed hides, restores or deletes its own item. */
export const moderationDecidedConsumer = defineConsumer({
  name: 'moderation-decided',
  event: AdminModerationDecided,
  member: (event) => event.payload.authorId,
  handle: (event, tx) => applyModerationDecision(tx, event.payload),
});
