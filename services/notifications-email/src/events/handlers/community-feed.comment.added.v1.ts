import { FeedCommentAdded } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyComment } from '../../use-cases/event-notifications.ts';

/** A comment: the post author's (and, for a reply, the parent comment author's) post_comment notification. */
export const commentAddedConsumer = defineConsumer({
  name: 'notify-post-comment',
  event: FeedCommentAdded,
  handle: (event, tx, deps) => notifyComment(deps, tx, event),
});
