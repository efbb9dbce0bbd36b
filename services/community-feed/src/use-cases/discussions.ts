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
  insertDiscussion,
  insertReply,
  listDiscussions,
  repliesOf,
} from '../db/discussions.repository.ts';
import { findMembers, hiddenAuthorsFor } from '../db/members.repository.ts';
import type { DiscussionReplyRow, DiscussionRow } from '../db/tables.ts';
import type { CommunityFeedDeps } from '../deps.ts';
import { lockLiveMember, requireContributor, type Viewer } from './access.ts';
import { cleanMemberText } from './member-text.ts';
import { toMember } from './present.ts';

/** Discussions (/discussions/{id}): titled long-form threads with replies, most recently active first. */

async function present(deps: Pick<CommunityFeedDeps, 'db'>, rows: DiscussionRow[]): Promise<Discussion[]> {
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
    replyCount: r.reply_count,
    edited: r.edited_at !== null,
    createdAt: r.created_at.toISOString(),
    lastActivityAt: r.last_activity_at.toISOString(),
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
  }));
}

export async function discussions(deps: Pick<CommunityFeedDeps, 'db'>, viewer: Viewer) {
  const hidden = await hiddenAuthorsFor(deps.db, viewer.userId);
  return {
    discussions: await present(
      deps,
      (await listDiscussions(deps.db)).filter((d) => !hidden.has(d.author_id)),
    ),
  };
}

export async function discussion(deps: Pick<CommunityFeedDeps, 'db'>, viewer: Viewer, id: string) {
  const row = await findDiscussion(deps.db, id);
  const hidden = await hiddenAuthorsFor(deps.db, viewer.userId);
  if (!row || hidden.has(row.author_id)) throw notFound();
  const replies = (await repliesOf(deps.db, id)).filter((r) => !hidden.has(r.author_id));
  const [presented] = await present(deps, [row]);
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
  const [presented] = await present(deps, [row]);
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
    const d = await findDiscussion(tx.trx, discussionId);
    if (!d || (await hiddenAuthorsFor(tx.trx, viewer.userId)).has(d.author_id)) throw notFound();
    return insertReply(tx.trx, { id: randomUUID(), discussionId, authorId: viewer.userId, body: text });
  });
  const [reply] = await presentReplies(deps, [row]);
  return reply!;
}

export async function deleteDiscussion(deps: CommunityFeedDeps, viewer: Viewer, id: string): Promise<void> {
  await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const d = await findDiscussion(tx.trx, id);
    if (!d) throw notFound();
    if (d.author_id !== viewer.userId && !viewer.moderator)
      throw permissionDenied('Only the author can delete this discussion.');
    await deleteDiscussionRow(tx.trx, id);
  });
}
