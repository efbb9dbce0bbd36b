import { FeedPostDeleted } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { forgetDeletedPost } from '../../use-cases/event-notifications.ts';

/** A deleted post: its reaction notification leads nowhere any more. */
export const postDeletedConsumer = defineConsumer({
  name: 'forget-deleted-post',
  event: FeedPostDeleted,
  member: (event) => event.payload.authorId,
  handle: (event, tx) => forgetDeletedPost(tx, event),
});
