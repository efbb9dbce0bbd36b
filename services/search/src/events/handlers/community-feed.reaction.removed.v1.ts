import { FeedReactionRemoved } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { postReactionsCounted } from '../../use-cases/read-model.ts';

/** A post's reaction counts after a reaction was removed: its popularity. */
export const reactionRemovedConsumer = defineConsumer({
  name: 'reaction-removed',
  event: FeedReactionRemoved,
  handle: (event, tx) => postReactionsCounted(tx, event),
});
