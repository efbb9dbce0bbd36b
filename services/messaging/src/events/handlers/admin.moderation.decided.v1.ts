import { AdminModerationDecided } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { applyModerationDecision } from '../../use-cases/reports.ts';

/**
 * An admin decided on a reported message: messaging removes it (hide and delete alike). No `member`: the use case
 * locks both members of the conversation at once, in the order every send does, so the two never deadlock; a sender
 * erased meanwhile left the message anonymised, which it then leaves alone.
 */
export const moderationDecidedConsumer = defineConsumer({
  name: 'moderation-decided',
  event: AdminModerationDecided,
  handle: (event, tx) => applyModerationDecision(tx, event.payload),
});
