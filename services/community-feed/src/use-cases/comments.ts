import { randomUUID } from 'node:crypto';
import { COMMENT_MAX_LENGTH, FeedCommentAdded, type Comment } from '@mer/contracts';
import { invalidData, notFound, permissionDenied } from '@mer/service-runtime';
import {
  bumpPostCounts,
  deleteComment as deleteCommentRows,
  findComment,
  findPostForUpdate,
  insertComment,
  updateComment,
} from '../db/posts.repository.ts';
import type { CommunityFeedDeps } from '../deps.ts';
import { preview } from '../domain/feed-rules.ts';
import { lockLiveMember, requireContributor, type Viewer } from './access.ts';
import { cleanMemberText } from './member-text.ts';
import { publishMentions, resolveMentions, visiblePost } from './posts.ts';
import { presentComments } from './present.ts';

const cleanComment = (deps: CommunityFeedDeps, viewer: Viewer, content: string) =>
  cleanMemberText(deps, viewer.userId, 'comment.content', content, {
    maxLength: COMMENT_MAX_LENGTH,
    html: true,
    required: true,
  });

/** A comment, or a reply to a top-level comment (one level: a reply to a reply answers its top-level comment). */
export async function addComment(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  postId: string,
  body: { content: string; parentId?: string },
): Promise<Comment> {
  const content = await cleanComment(deps, viewer, body.content);
  const row = await deps.transaction(async (tx) => {
    await requireContributor(tx, viewer);
    const post = await visiblePost(tx.trx, viewer, postId, true);
    let parent = body.parentId ? await findComment(tx.trx, body.parentId) : undefined;
    if (body.parentId && (!parent || parent.post_id !== postId || parent.hidden_at))
      throw invalidData('Invalid Data', 'The comment you replied to no longer exists.', 'parentId');
    if (parent?.parent_id) parent = await findComment(tx.trx, parent.parent_id);
    const mentionIds = await resolveMentions(tx.trx, content, viewer.userId);
    const comment = await insertComment(tx.trx, {
      id: randomUUID(),
      postId,
      parentId: parent?.id ?? null,
      authorId: viewer.userId,
      content,
      mentionIds,
    });
    await bumpPostCounts(tx.trx, postId, { comments: 1, activity: 1 });
    await tx.publish(FeedCommentAdded, {
      commentId: comment.id,
      postId,
      postAuthorId: post.author_id,
      authorId: viewer.userId,
      parentId: comment.parent_id,
      parentAuthorId: parent?.author_id ?? null,
      preview: preview(content),
    });
    await publishMentions(tx, mentionIds, [], viewer.userId, postId, comment.id, content);
    return comment;
  });
  const [comment] = await presentComments(deps.db, [row]);
  return comment!;
}

export async function editComment(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  commentId: string,
  content: string,
): Promise<Comment> {
  const clean = await cleanComment(deps, viewer, content);
  const row = await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const comment = await findComment(tx.trx, commentId);
    if (!comment || (comment.hidden_at && comment.author_id !== viewer.userId)) throw notFound();
    if (comment.author_id !== viewer.userId) throw permissionDenied('Only the author can edit this comment.');
    const mentionIds = await resolveMentions(tx.trx, clean, viewer.userId);
    const updated = await updateComment(tx.trx, commentId, { content: clean, mentionIds, edited: true });
    await publishMentions(
      tx,
      mentionIds,
      comment.mention_ids,
      viewer.userId,
      comment.post_id,
      commentId,
      clean,
    );
    return updated;
  });
  const [comment] = await presentComments(deps.db, [row]);
  return comment!;
}

/** The comment's author, the post's author or a moderator deletes it; its replies go with it. */
export async function deleteComment(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  commentId: string,
): Promise<void> {
  await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const comment = await findComment(tx.trx, commentId);
    if (!comment) throw notFound();
    const post = await findPostForUpdate(tx.trx, comment.post_id);
    if (!post) throw notFound();
    const allowed =
      comment.author_id === viewer.userId || post.author_id === viewer.userId || viewer.moderator;
    if (!allowed) throw permissionDenied('Only the author can delete this comment.');
    const removed = await deleteCommentRows(tx.trx, commentId);
    await bumpPostCounts(tx.trx, post.id, { comments: -removed });
  });
}
