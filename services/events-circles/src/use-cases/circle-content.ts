import { randomUUID } from 'node:crypto';
import {
  CIRCLE_POST_MAX_LENGTH,
  CIRCLE_REPLY_MAX_LENGTH,
  CIRCLE_TEXT_TITLE_MAX_LENGTH,
  CircleAnnouncementPosted,
  CirclePostCreated,
  CirclePostDeleted,
  type CircleDiscussion,
  type CircleDiscussionReply,
  type CirclePost,
  type CircleUpdate,
  type ForumTopic,
} from '@mer/contracts';
import { notFound, permissionDenied } from '@mer/service-runtime';
import {
  circleMembers,
  deletePost,
  findDiscussion,
  findPost,
  findTopic,
  insertDiscussion,
  insertPost,
  insertReply,
  insertTopic,
  insertUpdate,
  listDiscussions,
  listPosts,
  listReplies,
  listTopics,
  listUpdates,
  reactionsOf,
  setReaction,
} from '../db/circles.repository.ts';
import { findMembers } from '../db/members.repository.ts';
import type { EventsCirclesDb } from '../db/tables.ts';
import type { EventsCirclesDeps } from '../deps.ts';
import { leads, preview } from '../domain/rules.ts';
import { requireContributor, type Viewer } from './access.ts';
import { requireCircleMember, requireLeader } from './circles.ts';
import { cleanMemberText } from './member-text.ts';
import { toMember } from './present.ts';

/*
 * What happens inside a circle: updates and announcements (leaders), forum topics (leaders), discussions and
 * replies, posts with reactions (members). Member text goes through the shared sanitiser like the feed's.
 */

const title = (
  deps: EventsCirclesDeps,
  userId: string,
  field: 'update.title' | 'topic.title' | 'discussion.title',
  text: string,
) =>
  cleanMemberText(deps, userId, field, text, {
    maxLength: CIRCLE_TEXT_TITLE_MAX_LENGTH,
    html: false,
    required: true,
  });

export async function circleUpdates(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  q: { before?: string | undefined; limit?: number | undefined },
): Promise<{ updates: CircleUpdate[] }> {
  await requireCircleMember(deps.db, viewer, circleId, { write: false });
  const rows = await listUpdates(deps.db, circleId, q.before ? new Date(q.before) : undefined, q.limit ?? 20);
  const members = await findMembers(
    deps.db,
    rows.map((r) => r.author_id),
  );
  return {
    updates: rows.map((r) => ({
      id: r.id,
      circleId: r.circle_id,
      author: toMember(r.author_id, members),
      updateType: r.update_type,
      title: r.title,
      body: r.body,
      createdAt: r.created_at.toISOString(),
    })),
  };
}

/** Leaders post updates; an announcement is the high-priority circle_update every member is told about. */
export async function postCircleUpdate(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  body: { updateType: 'announcement' | 'update'; title: string; body: string },
): Promise<CircleUpdate> {
  const cleanTitle = await title(deps, viewer.userId, 'update.title', body.title);
  const cleanBody = await cleanMemberText(deps, viewer.userId, 'update.body', body.body, {
    maxLength: CIRCLE_POST_MAX_LENGTH,
    html: true,
    required: true,
  });
  const row = await deps.transaction(async (tx) => {
    await requireContributor(deps, tx, viewer);
    const { circle } = await requireLeader(tx.trx, viewer, circleId);
    const update = await insertUpdate(tx.trx, {
      id: randomUUID(),
      circleId,
      authorId: viewer.userId,
      updateType: body.updateType,
      title: cleanTitle,
      body: cleanBody,
    });
    const members = await circleMembers(tx.trx, circleId, 'member');
    await tx.publish(CircleAnnouncementPosted, {
      updateId: update.id,
      circleId,
      circleName: circle.name,
      authorId: viewer.userId,
      updateType: update.update_type,
      title: update.title,
      preview: preview(update.body),
      memberIds: members.map((m) => m.user_id).filter((id) => id !== viewer.userId),
    });
    return update;
  });
  const members = await findMembers(deps.db, [viewer.userId]);
  return {
    id: row.id,
    circleId,
    author: toMember(viewer.userId, members),
    updateType: row.update_type,
    title: row.title,
    body: row.body,
    createdAt: row.created_at.toISOString(),
  };
}

async function presentTopics(
  db: EventsCirclesDb,
  rows: {
    id: string;
    circle_id: string;
    title: string;
    description: string;
    created_by: string;
    created_at: Date;
    discussion_count: string | null;
  }[],
): Promise<ForumTopic[]> {
  const members = await findMembers(
    db,
    rows.map((r) => r.created_by),
  );
  return rows.map((r) => ({
    id: r.id,
    circleId: r.circle_id,
    title: r.title,
    description: r.description,
    discussionCount: Number(r.discussion_count ?? 0),
    createdBy: toMember(r.created_by, members),
    createdAt: r.created_at.toISOString(),
  }));
}

export async function forumTopics(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
): Promise<{ topics: ForumTopic[] }> {
  await requireCircleMember(deps.db, viewer, circleId, { write: false });
  return { topics: await presentTopics(deps.db, await listTopics(deps.db, circleId, hiddenShownTo(viewer))) };
}

export async function createForumTopic(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  body: { title: string; description?: string | undefined },
): Promise<ForumTopic> {
  const cleanTitle = await title(deps, viewer.userId, 'topic.title', body.title);
  const description =
    body.description === undefined
      ? ''
      : await cleanMemberText(deps, viewer.userId, 'topic.description', body.description, {
          maxLength: CIRCLE_REPLY_MAX_LENGTH,
          html: false,
          required: false,
        });
  const id = randomUUID();
  await deps.transaction(async (tx) => {
    await requireContributor(deps, tx, viewer);
    await requireLeader(tx.trx, viewer, circleId);
    await insertTopic(tx.trx, { id, circleId, title: cleanTitle, description, createdBy: viewer.userId });
  });
  const topic = await findTopic(deps.db, circleId, id, hiddenShownTo(viewer));
  return (await presentTopics(deps.db, [topic!]))[0]!;
}

/** A discussion row with the count of the replies its viewer sees (listDiscussions counts them; a new one has none). */
type DiscussionWithCount = NonNullable<Awaited<ReturnType<typeof findDiscussion>>> & {
  visible_reply_count: string | number | null;
};

async function presentDiscussions(
  db: EventsCirclesDb,
  rows: DiscussionWithCount[],
): Promise<CircleDiscussion[]> {
  const members = await findMembers(
    db,
    rows.map((r) => r.author_id),
  );
  return rows.map((r) => ({
    id: r.id,
    circleId: r.circle_id,
    topicId: r.topic_id,
    author: toMember(r.author_id, members),
    title: r.title,
    body: r.body,
    replyCount: Number(r.visible_reply_count ?? 0),
    createdAt: r.created_at.toISOString(),
    lastActivityAt: r.last_activity_at.toISOString(),
    ...(r.hidden_at ? { hidden: true } : {}),
  }));
}

/** Whose hidden discussions and replies the viewer still sees: their own, or every one for reviewers (null). */
const hiddenShownTo = (viewer: Viewer): string | null => (viewer.reviewer ? null : viewer.userId);

/** A discussion of the circle as the viewer may see it: one a moderator hid only for its author and reviewers. */
async function visibleDiscussion(
  db: EventsCirclesDb,
  viewer: Viewer,
  circleId: string,
  discussionId: string,
) {
  const row = await findDiscussion(db, circleId, discussionId);
  if (!row || (row.hidden_at && row.author_id !== viewer.userId && !viewer.reviewer))
    throw notFound('Discussion not found.');
  return row;
}

export async function forumTopic(deps: EventsCirclesDeps, viewer: Viewer, circleId: string, topicId: string) {
  await requireCircleMember(deps.db, viewer, circleId, { write: false });
  const topic = await findTopic(deps.db, circleId, topicId, hiddenShownTo(viewer));
  if (!topic) throw notFound('Topic not found.');
  return {
    topic: (await presentTopics(deps.db, [topic]))[0]!,
    discussions: await presentDiscussions(
      deps.db,
      await listDiscussions(deps.db, circleId, hiddenShownTo(viewer), topicId),
    ),
  };
}

export async function circleDiscussions(deps: EventsCirclesDeps, viewer: Viewer, circleId: string) {
  await requireCircleMember(deps.db, viewer, circleId, { write: false });
  return {
    discussions: await presentDiscussions(
      deps.db,
      await listDiscussions(deps.db, circleId, hiddenShownTo(viewer)),
    ),
  };
}

export async function createCircleDiscussion(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  body: { topicId?: string | undefined; title: string; body: string },
): Promise<CircleDiscussion> {
  const cleanTitle = await title(deps, viewer.userId, 'discussion.title', body.title);
  const cleanBody = await cleanMemberText(deps, viewer.userId, 'discussion.body', body.body, {
    maxLength: CIRCLE_POST_MAX_LENGTH,
    html: true,
    required: true,
  });
  const row = await deps.transaction(async (tx) => {
    await requireContributor(deps, tx, viewer);
    await requireCircleMember(tx.trx, viewer, circleId, { write: true });
    if (body.topicId && !(await findTopic(tx.trx, circleId, body.topicId, null)))
      throw notFound('Topic not found.');
    return insertDiscussion(tx.trx, {
      id: randomUUID(),
      circleId,
      topicId: body.topicId ?? null,
      authorId: viewer.userId,
      title: cleanTitle,
      body: cleanBody,
    });
  });
  return (await presentDiscussions(deps.db, [{ ...row, visible_reply_count: 0 }]))[0]!;
}

export async function circleDiscussion(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  discussionId: string,
): Promise<{ discussion: CircleDiscussion; replies: CircleDiscussionReply[] }> {
  await requireCircleMember(deps.db, viewer, circleId, { write: false });
  const row = await visibleDiscussion(deps.db, viewer, circleId, discussionId);
  const replies = await listReplies(deps.db, discussionId, hiddenShownTo(viewer));
  const members = await findMembers(
    deps.db,
    replies.map((r) => r.author_id),
  );
  return {
    discussion: (await presentDiscussions(deps.db, [{ ...row, visible_reply_count: replies.length }]))[0]!,
    replies: replies.map((r) => ({
      id: r.id,
      discussionId: r.discussion_id,
      author: toMember(r.author_id, members),
      body: r.body,
      createdAt: r.created_at.toISOString(),
      ...(r.hidden_at ? { hidden: true } : {}),
    })),
  };
}

export async function replyToDiscussion(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  discussionId: string,
  text: string,
): Promise<CircleDiscussionReply> {
  const body = await cleanMemberText(deps, viewer.userId, 'discussion.reply', text, {
    maxLength: CIRCLE_REPLY_MAX_LENGTH,
    html: true,
    required: true,
  });
  const row = await deps.transaction(async (tx) => {
    await requireContributor(deps, tx, viewer);
    await requireCircleMember(tx.trx, viewer, circleId, { write: true });
    await visibleDiscussion(tx.trx, viewer, circleId, discussionId);
    return insertReply(tx.trx, { id: randomUUID(), discussionId, authorId: viewer.userId, body });
  });
  const members = await findMembers(deps.db, [viewer.userId]);
  return {
    id: row.id,
    discussionId,
    author: toMember(viewer.userId, members),
    body: row.body,
    createdAt: row.created_at.toISOString(),
  };
}

async function presentPosts(
  db: EventsCirclesDb,
  viewer: Viewer,
  rows: {
    id: string;
    circle_id: string;
    author_id: string;
    content: string;
    created_at: Date;
    hidden_at: Date | null;
  }[],
): Promise<CirclePost[]> {
  const [members, reactions] = await Promise.all([
    findMembers(
      db,
      rows.map((r) => r.author_id),
    ),
    reactionsOf(
      db,
      rows.map((r) => r.id),
      viewer.userId,
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    circleId: r.circle_id,
    postType: 'circle' as const,
    author: toMember(r.author_id, members),
    content: r.content,
    reactionCounts: reactions.counts.get(r.id) ?? {},
    myReaction: (reactions.mine.get(r.id) as CirclePost['myReaction'] | undefined) ?? null,
    createdAt: r.created_at.toISOString(),
    ...(r.hidden_at ? { hidden: true } : {}),
  }));
}

export async function circlePosts(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  q: { before?: string | undefined; limit?: number | undefined },
) {
  await requireCircleMember(deps.db, viewer, circleId, { write: false });
  const rows = await listPosts(
    deps.db,
    circleId,
    q.before ? new Date(q.before) : undefined,
    q.limit ?? 20,
    viewer.reviewer ? null : viewer.userId,
  );
  return { posts: await presentPosts(deps.db, viewer, rows) };
}

export async function circlePost(deps: EventsCirclesDeps, viewer: Viewer, circleId: string, postId: string) {
  await requireCircleMember(deps.db, viewer, circleId, { write: false });
  const row = await findPost(deps.db, circleId, postId);
  // A post a moderator hid is shown only to its author and reviewers.
  if (!row || (row.hidden_at && row.author_id !== viewer.userId && !viewer.reviewer))
    throw notFound('Post not found.');
  return (await presentPosts(deps.db, viewer, [row]))[0]!;
}

export async function createCirclePost(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  text: string,
) {
  const content = await cleanMemberText(deps, viewer.userId, 'post.content', text, {
    maxLength: CIRCLE_POST_MAX_LENGTH,
    html: true,
    required: true,
  });
  const row = await deps.transaction(async (tx) => {
    await requireContributor(deps, tx, viewer);
    await requireCircleMember(tx.trx, viewer, circleId, { write: true });
    const post = await insertPost(tx.trx, { id: randomUUID(), circleId, authorId: viewer.userId, content });
    await tx.publish(CirclePostCreated, {
      postId: post.id,
      circleId,
      authorId: viewer.userId,
      content,
      createdAt: post.created_at.toISOString(),
    });
    return post;
  });
  return (await presentPosts(deps.db, viewer, [row]))[0]!;
}

export async function removeCirclePost(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  postId: string,
) {
  await deps.transaction(async (tx) => {
    await tx.members.lock(viewer.userId);
    const { role } = await requireCircleMember(tx.trx, viewer, circleId, { write: false });
    const post = await findPost(tx.trx, circleId, postId);
    if (!post) throw notFound('Post not found.');
    if (post.author_id !== viewer.userId && !leads(role) && !viewer.reviewer)
      throw permissionDenied('Only the author, a holder or a moderator can delete this post.');
    await deletePost(tx.trx, postId);
    await tx.publish(CirclePostDeleted, { postId, circleId, authorId: post.author_id });
  });
}

export async function reactToCirclePost(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  postId: string,
  type: string | null,
) {
  await deps.transaction(async (tx) => {
    await requireContributor(deps, tx, viewer);
    await requireCircleMember(tx.trx, viewer, circleId, { write: true });
    if (!(await findPost(tx.trx, circleId, postId))) throw notFound('Post not found.');
    await setReaction(tx.trx, postId, viewer.userId, type);
  });
  return circlePost(deps, viewer, circleId, postId);
}
