import { FeedReactionAdded } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyReaction } from '../../use-cases/event-notifications.ts';

/** A reaction: the post author's reaction notification, aggregated per post. */
export const reactionAddedConsumer = defineConsumer({
  name: 'notify-post-reaction',
  event: FeedReactionAdded,
  member: (event) => event.payload.postAuthorId,
  handle: (event, tx, deps) => notifyReaction(deps, tx, event),
});
