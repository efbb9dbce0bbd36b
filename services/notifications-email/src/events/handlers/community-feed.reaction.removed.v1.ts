import { FeedReactionRemoved } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { forgetReaction } from '../../use-cases/event-notifications.ts';

/** A reaction taken back: the reactor leaves the aggregate. */
export const reactionRemovedConsumer = defineConsumer({
  name: 'forget-post-reaction',
  event: FeedReactionRemoved,
  member: (event) => event.payload.postAuthorId,
  handle: (event, tx) => forgetReaction(tx, event),
});
