import { FeedPostCreated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { postChanged } from '../../use-cases/read-model.ts';

/** A new post: findable when public. */
export const postCreatedConsumer = defineConsumer({
  name: 'post-created',
  event: FeedPostCreated,
  member: (event) => event.payload.authorId,
  handle: (event, tx) => postChanged(tx, event),
});
