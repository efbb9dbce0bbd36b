import { FeedPostDeleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { postDeleted } from '../../use-cases/read-model.ts';

/** A deleted post is never found again, whatever arrives after. */
export const postDeletedConsumer = defineConsumer({
  name: 'post-deleted',
  event: FeedPostDeleted,
  handle: (event, tx) => postDeleted(tx, event.payload.postId, new Date(event.occurredAt)),
});
