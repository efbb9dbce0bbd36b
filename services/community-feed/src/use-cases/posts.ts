import { randomUUID } from 'node:crypto';
import {
  FEED_PAGE_DEFAULT,
  FeedMemberMentioned,
  FeedPostCreated,
  FeedPostDeleted,
  FeedPostUpdated,
  POST_MAX_LENGTH,
  type CreatePostBody,
  type FeedPage,
  type FeedQuery,
  type Post,
  type PostDetail,
  type UpdatePostBody,
} from '@mer/contracts';
import { invalidData, notFound, permissionDenied } from '@mer/service-runtime';
import { areConnected, findMembersByUsernames, hiddenAuthorsFor } from '../db/members.repository.ts';
import { attachPhotosToPost, deletePhotos, photosOfPosts, unusedPhotosOf } from '../db/photos.repository.ts';
import {
  commentsOfPost,
  deletePost as deletePostRow,
  feedPosts,
  findPost,
  findPostForUpdate,
  insertPost,
  pinnedPosts,
  updatePost as updatePostRow,
} from '../db/posts.repository.ts';
import { deleteReportsOfTargets } from '../db/reports.repository.ts';
import type { CommunityFeedDb, PostRow } from '../db/tables.ts';
import type { CommunityFeedDeps, CommunityFeedTx } from '../deps.ts';
import { decodeCursor, encodeCursor, mentionedUsernames, preview } from '../domain/feed-rules.ts';
import { lockLiveMember, requireContributor, type Viewer } from './access.ts';
import { cleanMemberText } from './member-text.ts';
import { presentComments, presentPosts } from './present.ts';

/** "Most active" looks at posts with reactions or comments in this window. */
export const MOST_ACTIVE_WINDOW_DAYS = 7;

export async function readFeed(
  deps: Pick<CommunityFeedDeps, 'db'>,
  viewer: Viewer,
  q: FeedQuery,
): Promise<FeedPage> {
  const limit = q.limit ?? FEED_PAGE_DEFAULT;
  const sort = q.sort ?? 'newest';
  const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
  if (q.cursor !== undefined && (!after || (sort === 'most-active') !== (after.activity !== undefined)))
    throw invalidData('Invalid Data', 'This page link is no longer valid; please reload the feed.', 'cursor');
  const connectionsOnly = q.view === 'connections';
  // Pinned posts lead the first page of the community view (not of a member's or my connections' posts).
  const showPinned = !after && sort === 'newest' && !connectionsOnly && !q.authorId;
  const filter = {
    viewerId: viewer.userId,
    ...(q.topic ? { topic: q.topic } : {}),
    ...(q.authorId ? { authorId: q.authorId } : {}),
    connectionsOnly,
    sort,
    ...(after ? { after } : {}),
    excludePinned: sort === 'newest' && !connectionsOnly && !q.authorId,
    limit,
    activeSince: new Date(Date.now() - MOST_ACTIVE_WINDOW_DAYS * 86_400_000),
  };
  const [pinned, rows] = await Promise.all([
    showPinned ? pinnedPosts(deps.db, filter) : Promise.resolve([]),
    feedPosts(deps.db, filter),
  ]);
  const last = rows.at(-1);
  const nextCursor =
    rows.length === limit && last
      ? encodeCursor(
          sort === 'newest'
            ? { seq: String(last.seq) }
            : { seq: String(last.seq), activity: last.activity_count },
        )
      : null;
  return { posts: await presentPosts(deps.db, viewer.userId, [...pinned, ...rows]), nextCursor };
}

/**
 * Whether the viewer may see the post: not hidden pending review (but to its author and moderators), everyone's
 * or a connection's (or their own), and neither side blocked nor muted the other.
 */
export async function visiblePost(
  db: CommunityFeedDb,
  viewer: Viewer,
  postId: string,
  lock = false,
  /** The viewer's hidden authors, when the caller has them already. */
  hidden?: Set<string>,
): Promise<PostRow> {
  const post = lock ? await findPostForUpdate(db, postId) : await findPost(db, postId);
  if (!post) throw notFound();
  const own = post.author_id === viewer.userId;
  if (own) return post;
  if (post.hidden_at && !viewer.moderator) throw notFound();
  if (
    post.visibility === 'connections' &&
    !viewer.moderator &&
    !(await areConnected(db, viewer.userId, post.author_id))
  )
    throw notFound();
  if ((hidden ?? (await hiddenAuthorsFor(db, viewer.userId))).has(post.author_id)) throw notFound();
  return post;
}

export async function readPost(
  deps: Pick<CommunityFeedDeps, 'db'>,
  viewer: Viewer,
  postId: string,
): Promise<PostDetail> {
  const hidden = await hiddenAuthorsFor(deps.db, viewer.userId);
  const [post, allComments] = await Promise.all([
    visiblePost(deps.db, viewer, postId, false, hidden),
    commentsOfPost(deps.db, postId),
  ]);
  const rows = allComments.filter((c) => !hidden.has(c.author_id));
  const [comments, [presented]] = await Promise.all([
    presentComments(deps.db, rows),
    presentPosts(deps.db, viewer.userId, [post]),
  ]);
  const threads = comments
    .filter((c) => c.parentId === null)
    .map((comment) => ({ comment, replies: comments.filter((r) => r.parentId === comment.id) }));
  return { post: presented!, comments: threads };
}

/** @usernames of the text resolved to members (the author never mentions themself). */
export async function resolveMentions(
  db: CommunityFeedDb,
  html: string,
  authorId: string,
): Promise<string[]> {
  const members = await findMembersByUsernames(db, mentionedUsernames(html));
  return members.map((m) => m.user_id).filter((id) => id !== authorId);
}

export async function createPost(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  body: CreatePostBody,
): Promise<Post> {
  const photoIds = body.photoIds ?? [];
  const content = await cleanMemberText(deps, viewer.userId, 'post.content', body.content, {
    maxLength: POST_MAX_LENGTH,
    html: true,
    required: photoIds.length === 0,
  });
  const row = await deps.transaction(async (tx) => {
    await requireContributor(tx, viewer);
    const photos = await unusedPhotosOf(tx.trx, viewer.userId, photoIds);
    if (photos.length !== photoIds.length)
      throw invalidData(
        'Invalid Data',
        'One of the photos is not yours or is already used; please upload it again.',
        'photoIds',
      );
    const mentionIds = await resolveMentions(tx.trx, content, viewer.userId);
    const post = await insertPost(tx.trx, {
      id: randomUUID(),
      authorId: viewer.userId,
      topic: body.topic,
      visibility: body.visibility ?? 'all',
      content,
      mentionIds,
    });
    await attachPhotosToPost(tx.trx, post.id, photoIds);
    await tx.publish(FeedPostCreated, {
      postId: post.id,
      authorId: post.author_id,
      topic: post.topic,
      visibility: post.visibility,
      content: post.content,
      photoCount: photoIds.length,
      createdAt: post.created_at.toISOString(),
    });
    await publishMentions(tx, mentionIds, [], viewer.userId, post.id, null, content);
    return post;
  });
  const [post] = await presentPosts(deps.db, viewer.userId, [row]);
  return post!;
}

/** One member.mentioned event per member newly mentioned (an edit does not mention anyone twice). */
export async function publishMentions(
  tx: CommunityFeedTx,
  mentionIds: readonly string[],
  before: readonly string[],
  byUserId: string,
  postId: string,
  commentId: string | null,
  html: string,
): Promise<void> {
  for (const mentionedUserId of mentionIds.filter((id) => !before.includes(id))) {
    await tx.publish(FeedMemberMentioned, {
      mentionedUserId,
      byUserId,
      postId,
      commentId,
      preview: preview(html),
    });
  }
}

async function publishUpdated(tx: CommunityFeedTx, post: PostRow): Promise<void> {
  await tx.publish(FeedPostUpdated, {
    postId: post.id,
    authorId: post.author_id,
    topic: post.topic,
    visibility: post.visibility,
    content: post.content,
    photoCount: (await photosOfPosts(tx.trx, [post.id])).length,
    pinned: post.pinned,
    updatedAt: post.updated_at.toISOString(),
  });
}

export async function editPost(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  postId: string,
  body: UpdatePostBody,
): Promise<Post> {
  const content =
    body.content === undefined
      ? undefined
      : await cleanMemberText(deps, viewer.userId, 'post.content', body.content, {
          maxLength: POST_MAX_LENGTH,
          html: true,
          required: false,
        });
  const row = await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const post = await findPostForUpdate(tx.trx, postId);
    if (!post || (post.author_id !== viewer.userId && post.hidden_at)) throw notFound();
    if (post.author_id !== viewer.userId) throw permissionDenied('Only the author can edit this post.');
    if (content === '' && (await photosOfPosts(tx.trx, [postId])).length === 0)
      throw invalidData('Invalid Data', 'Please write something first.', 'content');
    const mentionIds =
      content === undefined ? post.mention_ids : await resolveMentions(tx.trx, content, viewer.userId);
    const updated = await updatePostRow(tx.trx, postId, {
      ...(content !== undefined ? { content, mention_ids: mentionIds } : {}),
      ...(body.topic ? { topic: body.topic } : {}),
      ...(body.visibility ? { visibility: body.visibility } : {}),
      edited: true,
    });
    await publishUpdated(tx, updated);
    await publishMentions(tx, mentionIds, post.mention_ids, viewer.userId, postId, null, updated.content);
    return updated;
  });
  const [post] = await presentPosts(deps.db, viewer.userId, [row]);
  return post!;
}

export async function pinPost(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  postId: string,
  pinned: boolean,
): Promise<Post> {
  const row = await deps.transaction(async (tx) => {
    const post = await findPostForUpdate(tx.trx, postId);
    if (!post) throw notFound();
    const updated = await updatePostRow(tx.trx, postId, { pinned });
    await publishUpdated(tx, updated);
    return updated;
  });
  const [post] = await presentPosts(deps.db, viewer.userId, [row]);
  return post!;
}

/** The author or a moderator deletes the post; its comments, reactions and photos go with it. */
export async function deletePost(deps: CommunityFeedDeps, viewer: Viewer, postId: string): Promise<void> {
  await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const post = await findPostForUpdate(tx.trx, postId);
    if (!post) throw notFound();
    if (post.author_id !== viewer.userId && !viewer.moderator)
      throw permissionDenied('Only the author can delete this post.');
    await removePost(tx, post);
  });
}

/** Deletes a post with everything hanging off it and tells the others; photo files go after the commit. */
export async function removePost(
  tx: CommunityFeedTx,
  post: Pick<PostRow, 'id' | 'author_id'>,
): Promise<void> {
  await deletePhotos(tx.trx, { postId: post.id });
  await deleteReportsOfTargets(tx.trx, [post.id]);
  await deletePostRow(tx.trx, post.id);
  await tx.publish(FeedPostDeleted, { postId: post.id, authorId: post.author_id });
}
