import { FeedReactionAdded } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { postReactionsCounted } from '../../use-cases/read-model.ts';

/** A post's reaction counts after a reaction: its popularity (sort by popularity). */
export const reactionAddedConsumer = defineConsumer({
  name: 'reaction-added',
  event: FeedReactionAdded,
  handle: (event, tx) => postReactionsCounted(tx, event),
});
