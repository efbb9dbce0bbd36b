import { AdminModerationDecided } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { applyModerationDecision } from '../../use-cases/reports.ts';

/** An admin decided on a reported circle, event or circle post: events-circles hides, restores or deletes it. */
export const moderationDecidedConsumer = defineConsumer({
  name: 'moderation-decided',
  event: AdminModerationDecided,
  member: (event) => event.payload.authorId,
  handle: (event, tx) => applyModerationDecision(tx, event.payload),
});
