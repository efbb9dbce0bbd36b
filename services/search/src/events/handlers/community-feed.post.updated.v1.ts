import { FeedPostUpdated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { postChanged } from '../../use-cases/read-model.ts';

/** An edited post (text, topic or visibility): the index follows, unless a newer state is already there. */
export const postUpdatedConsumer = defineConsumer({
  name: 'post-updated',
  event: FeedPostUpdated,
  member: (event) => event.payload.authorId,
  handle: (event, tx) => postChanged(tx, event),
});
