import { FeedContentModerated, type AdminModerationDecided, type EventPayload } from '@mer/contracts';
import {
  deleteReply,
  findDiscussionForUpdate,
  findReply,
  setDiscussionHiddenAt,
  setReplyHiddenAt,
} from '../db/discussions.repository.ts';
import { deletePhotos, findPhotoForUpdate, setPhotoHiddenAt } from '../db/photos.repository.ts';
import {
  bumpPostCounts,
  deleteComment as deleteCommentRows,
  findComment,
  findPostForUpdate,
  setCommentHiddenAt,
  updatePost,
} from '../db/posts.repository.ts';
import { deleteReportsOfTargets } from '../db/reports.repository.ts';
import type { CommunityFeedTx } from '../deps.ts';
import { removeDiscussion } from './discussions.ts';
import { removePost } from './posts.ts';

type Decision = EventPayload<typeof AdminModerationDecided>;
type FeedTarget = 'post' | 'comment' | 'photo' | 'discussion' | 'discussion_reply';
const FEED_TARGETS: ReadonlySet<string> = new Set<FeedTarget>([
  'post',
  'comment',
  'photo',
  'discussion',
  'discussion_reply',
]);

/**
 * Carries out an admin's decision on the feed's own content (the admin service never writes here): hide, restore
 * or delete a post, comment, photo, discussion or discussion reply. Dismiss, warn and suspend change nothing in the feed. An item that is gone
 * already (its author deleted it) is nothing to do. Each change is published, so members' open feeds drop a hidden
 * or deleted item at once through the gateway's /ws.
 */
export async function applyModerationDecision(tx: CommunityFeedTx, decision: Decision): Promise<void> {
  if (decision.service !== 'community-feed') return;
  if (decision.action !== 'hide' && decision.action !== 'restore' && decision.action !== 'delete') return;
  if (!FEED_TARGETS.has(decision.targetType)) return;
  const type = decision.targetType as FeedTarget;
  const applied = await apply(tx, type, decision.targetId, decision.action);
  if (!applied) return;
  await tx.publish(FeedContentModerated, {
    targetType: type,
    targetId: decision.targetId,
    authorId: applied.authorId,
    change: decision.action === 'hide' ? 'hidden' : decision.action === 'restore' ? 'restored' : 'deleted',
    decisionId: decision.decisionId,
  });
}

async function apply(
  tx: CommunityFeedTx,
  type: FeedTarget,
  id: string,
  action: 'hide' | 'restore' | 'delete',
): Promise<{ authorId: string } | undefined> {
  const hiddenAt = action === 'hide' ? new Date() : null;
  // A restored item starts afresh: the reports the admin weighed do not hide it again with the next one.
  if (action === 'restore') await deleteReportsOfTargets(tx.trx, [id]);
  if (type === 'post') {
    const post = await findPostForUpdate(tx.trx, id);
    if (!post) return undefined;
    if (action === 'delete') await removePost(tx, post);
    else await updatePost(tx.trx, id, { hidden_at: hiddenAt });
    return { authorId: post.author_id };
  }
  if (type === 'comment') {
    const comment = await findComment(tx.trx, id);
    if (!comment) return undefined;
    // The post's row is the lock for everything on it.
    if (!(await findPostForUpdate(tx.trx, comment.post_id))) return undefined;
    if (action === 'delete') {
      await deleteReportsOfTargets(tx.trx, [id]);
      const removed = await deleteCommentRows(tx.trx, id);
      await bumpPostCounts(tx.trx, comment.post_id, { comments: -removed });
    } else await setCommentHiddenAt(tx.trx, id, hiddenAt);
    return { authorId: comment.author_id };
  }
  if (type === 'discussion') {
    const discussion = await findDiscussionForUpdate(tx.trx, id);
    if (!discussion) return undefined;
    if (action === 'delete') await removeDiscussion(tx.trx, id);
    else await setDiscussionHiddenAt(tx.trx, id, hiddenAt);
    return { authorId: discussion.author_id };
  }
  if (type === 'discussion_reply') {
    const reply = await findReply(tx.trx, id);
    if (!reply) return undefined;
    // The discussion's row is the lock for everything on it.
    if (!(await findDiscussionForUpdate(tx.trx, reply.discussion_id))) return undefined;
    if (action === 'delete') {
      await deleteReportsOfTargets(tx.trx, [id]);
      await deleteReply(tx.trx, id);
    } else await setReplyHiddenAt(tx.trx, id, hiddenAt);
    return { authorId: reply.author_id };
  }
  const photo = await findPhotoForUpdate(tx.trx, id);
  if (!photo) return undefined;
  if (action === 'delete') {
    await deleteReportsOfTargets(tx.trx, [id]);
    await deletePhotos(tx.trx, { photoId: id });
  } else await setPhotoHiddenAt(tx.trx, id, hiddenAt);
  return { authorId: photo.owner_id };
}
