import { FeedPostCreated } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { memberActed } from '../../use-cases/dashboard.ts';

/** A post: the dashboard's posts per week, and its author was active. */
export const postCreatedConsumer = defineConsumer({
  name: 'post-created',
  event: FeedPostCreated,
  member: (event) => event.payload.authorId,
  handle: (event, tx) => memberActed(tx, 'posts', event.payload.authorId, new Date(event.payload.createdAt)),
});
