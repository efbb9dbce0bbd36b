import { FeedMemberMentioned } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyMention } from '../../use-cases/event-notifications.ts';

/** An @mention: the mentioned member's mention notification and push. */
export const memberMentionedConsumer = defineConsumer({
  name: 'notify-mention',
  event: FeedMemberMentioned,
  member: (event) => event.payload.mentionedUserId,
  handle: (event, tx, deps) => notifyMention(deps, tx, event),
});
