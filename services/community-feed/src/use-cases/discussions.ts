import { randomUUID } from 'node:crypto';
import {
  COMMENT_MAX_LENGTH,
  DISCUSSION_TITLE_MAX_LENGTH,
  POST_MAX_LENGTH,
  type Discussion,
  type DiscussionReply,
} from '@mer/contracts';
import { notFound, permissionDenied } from '@mer/service-runtime';
import {
  deleteDiscussion as deleteDiscussionRow,
  findDiscussion,
  findDiscussionForUpdate,
  insertDiscussion,
  insertReply,
  listDiscussions,
  repliesOf,
  replyIdsOf,
} from '../db/discussions.repository.ts';
import { findMembers, hiddenAuthorsFor } from '../db/members.repository.ts';
import { deleteReportsOfTargets } from '../db/reports.repository.ts';
import type { CommunityFeedDb, DiscussionReplyRow, DiscussionRow } from '../db/tables.ts';
import type { CommunityFeedDeps } from '../deps.ts';
import { lockLiveMember, requireContributor, type Viewer } from './access.ts';
import { cleanMemberText } from './member-text.ts';
import { toMember } from './present.ts';

/** Discussions (/discussions/{id}): titled long-form threads with replies, most recently active first. */

/** A discussion row with the count of the replies its viewer sees (listDiscussions counts them). */
type DiscussionWithCount = DiscussionRow & { visible_reply_count: string | number | null };

async function present(
  deps: Pick<CommunityFeedDeps, 'db'>,
  rows: DiscussionWithCount[],
): Promise<Discussion[]> {
  const members = await findMembers(
    deps.db,
    rows.map((r) => r.author_id),
  );
  return rows.map((r) => ({
    id: r.id,
    author: toMember(r.author_id, members),
    title: r.title,
    body: r.body,
    topic: r.topic as Discussion['topic'],
    replyCount: Number(r.visible_reply_count ?? 0),
    edited: r.edited_at !== null,
    createdAt: r.created_at.toISOString(),
    lastActivityAt: r.last_activity_at.toISOString(),
    ...(r.hidden_at ? { hidden: true } : {}),
  }));
}

async function presentReplies(
  deps: Pick<CommunityFeedDeps, 'db'>,
  rows: DiscussionReplyRow[],
): Promise<DiscussionReply[]> {
  const members = await findMembers(
    deps.db,
    rows.map((r) => r.author_id),
  );
  return rows.map((r) => ({
    id: r.id,
    discussionId: r.discussion_id,
    author: toMember(r.author_id, members),
    body: r.body,
    createdAt: r.created_at.toISOString(),
    ...(r.hidden_at ? { hidden: true } : {}),
  }));
}

/** Whose hidden discussions and replies the viewer still sees: their own, or everyone's for moderators (null). */
const hiddenShownTo = (viewer: Viewer): string | null => (viewer.moderator ? null : viewer.userId);

export async function discussions(deps: Pick<CommunityFeedDeps, 'db'>, viewer: Viewer) {
  const hidden = await hiddenAuthorsFor(deps.db, viewer.userId);
  return {
    discussions: await present(
      deps,
      (await listDiscussions(deps.db, hiddenShownTo(viewer))).filter((d) => !hidden.has(d.author_id)),
    ),
  };
}

/**
 * The discussion as the viewer may see it, else 404 (as if it did not exist): not written by someone either of them
 * blocked or muted, and not hidden (3 reports or a moderator) unless it is their own or they moderate.
 */
export async function visibleDiscussion(
  db: CommunityFeedDb,
  viewer: Viewer,
  id: string,
  lock = false,
): Promise<DiscussionRow> {
  const row = lock ? await findDiscussionForUpdate(db, id) : await findDiscussion(db, id);
  if (!row) throw notFound();
  if (row.author_id === viewer.userId) return row;
  if (row.hidden_at && !viewer.moderator) throw notFound();
  if ((await hiddenAuthorsFor(db, viewer.userId)).has(row.author_id)) throw notFound();
  return row;
}

export async function discussion(deps: Pick<CommunityFeedDeps, 'db'>, viewer: Viewer, id: string) {
  const row = await visibleDiscussion(deps.db, viewer, id);
  const hidden = await hiddenAuthorsFor(deps.db, viewer.userId);
  const replies = (await repliesOf(deps.db, id, hiddenShownTo(viewer))).filter(
    (r) => !hidden.has(r.author_id),
  );
  const [presented] = await present(deps, [{ ...row, visible_reply_count: replies.length }]);
  return { discussion: presented!, replies: await presentReplies(deps, replies) };
}

export async function createDiscussion(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  body: { title: string; body: string; topic?: Discussion['topic'] },
): Promise<Discussion> {
  const title = await cleanMemberText(deps, viewer.userId, 'discussion.title', body.title, {
    maxLength: DISCUSSION_TITLE_MAX_LENGTH,
    html: false,
    required: true,
  });
  const text = await cleanMemberText(deps, viewer.userId, 'discussion.body', body.body, {
    maxLength: POST_MAX_LENGTH,
    html: true,
    required: true,
  });
  const row = await deps.transaction(async (tx) => {
    await requireContributor(tx, viewer);
    return insertDiscussion(tx.trx, {
      id: randomUUID(),
      authorId: viewer.userId,
      title,
      body: text,
      topic: body.topic ?? 'general',
    });
  });
  const [presented] = await present(deps, [{ ...row, visible_reply_count: 0 }]);
  return presented!;
}

export async function replyToDiscussion(
  deps: CommunityFeedDeps,
  viewer: Viewer,
  discussionId: string,
  body: string,
): Promise<DiscussionReply> {
  const text = await cleanMemberText(deps, viewer.userId, 'discussion.reply', body, {
    maxLength: COMMENT_MAX_LENGTH,
    html: true,
    required: true,
  });
  const row = await deps.transaction(async (tx) => {
    await requireContributor(tx, viewer);
    await visibleDiscussion(tx.trx, viewer, discussionId, true);
    return insertReply(tx.trx, { id: randomUUID(), discussionId, authorId: viewer.userId, body: text });
  });
  const [reply] = await presentReplies(deps, [row]);
  return reply!;
}

export async function deleteDiscussion(deps: CommunityFeedDeps, viewer: Viewer, id: string): Promise<void> {
  await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const d = await findDiscussionForUpdate(tx.trx, id);
    if (!d) throw notFound();
    if (d.author_id !== viewer.userId && !viewer.moderator)
      throw permissionDenied('Only the author can delete this discussion.');
    await removeDiscussion(tx.trx, id);
  });
}

/** A discussion goes with its replies (on delete cascade) and every report of them. */
export async function removeDiscussion(db: CommunityFeedDb, id: string): Promise<void> {
  await deleteReportsOfTargets(db, [id, ...(await replyIdsOf(db, id))]);
  await deleteDiscussionRow(db, id);
}
