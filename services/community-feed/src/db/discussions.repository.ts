import { sql } from 'kysely';
import type { CommunityFeedDb, DiscussionReplyRow, DiscussionRow } from './tables.ts';

/** The only SQL about discussions and their replies. */

export async function insertDiscussion(
  db: CommunityFeedDb,
  d: { id: string; authorId: string; title: string; body: string; topic: string },
): Promise<DiscussionRow> {
  return db
    .insertInto('discussions')
    .values({ id: d.id, author_id: d.authorId, title: d.title, body: d.body, topic: d.topic })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findDiscussion(db: CommunityFeedDb, id: string): Promise<DiscussionRow | undefined> {
  return db.selectFrom('discussions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The discussion's row, locked: it is the lock for everything on it (replies, reports, moderation). */
export async function findDiscussionForUpdate(
  db: CommunityFeedDb,
  id: string,
): Promise<DiscussionRow | undefined> {
  return db.selectFrom('discussions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * The most recently active discussions the viewer may see: hidden ones only for their author, or for everyone when
 * `includeHiddenOf` is null (moderators), each with the count of the replies the viewer sees.
 */
export async function listDiscussions(
  db: CommunityFeedDb,
  includeHiddenOf: string | null,
): Promise<(DiscussionRow & { visible_reply_count: string | null })[]> {
  let q = db
    .selectFrom('discussions')
    .selectAll('discussions')
    // The reply count the viewer reads is of the replies they see: a hidden one counts only for its author and
    // moderators, as repliesOf shows it (the row's reply_count counts every reply).
    .select((eb) =>
      eb
        .selectFrom('discussion_replies as r')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('r.discussion_id', '=', 'discussions.id')
        .$if(includeHiddenOf !== null, (sub) =>
          sub.where((e) => e.or([e('r.hidden_at', 'is', null), e('r.author_id', '=', includeHiddenOf!)])),
        )
        .as('visible_reply_count'),
    );
  if (includeHiddenOf !== null)
    q = q.where((eb) => eb.or([eb('hidden_at', 'is', null), eb('author_id', '=', includeHiddenOf)]));
  return q.orderBy('last_activity_at', 'desc').limit(100).execute();
}

/** A discussion's replies, oldest first: hidden ones only for their author, or for everyone when null (moderators). */
export async function repliesOf(
  db: CommunityFeedDb,
  discussionId: string,
  includeHiddenOf: string | null,
): Promise<DiscussionReplyRow[]> {
  let q = db.selectFrom('discussion_replies').selectAll().where('discussion_id', '=', discussionId);
  if (includeHiddenOf !== null)
    q = q.where((eb) => eb.or([eb('hidden_at', 'is', null), eb('author_id', '=', includeHiddenOf)]));
  return q.orderBy('created_at').orderBy('id').limit(1000).execute();
}

export async function findReply(db: CommunityFeedDb, id: string): Promise<DiscussionReplyRow | undefined> {
  return db.selectFrom('discussion_replies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Hides (a time) or shows again (null) a discussion. */
export async function setDiscussionHiddenAt(db: CommunityFeedDb, id: string, at: Date | null): Promise<void> {
  await db.updateTable('discussions').set({ hidden_at: at }).where('id', '=', id).execute();
}

/** Hides (a time) or shows again (null) a reply. */
export async function setReplyHiddenAt(db: CommunityFeedDb, id: string, at: Date | null): Promise<void> {
  await db.updateTable('discussion_replies').set({ hidden_at: at }).where('id', '=', id).execute();
}

/** Removes one reply; its discussion's count follows (the caller holds the discussion's lock). */
export async function deleteReply(db: CommunityFeedDb, id: string): Promise<void> {
  const gone = await db
    .deleteFrom('discussion_replies')
    .where('id', '=', id)
    .returning('discussion_id')
    .executeTakeFirst();
  if (!gone) return;
  await db
    .updateTable('discussions')
    .set({ reply_count: sql<number>`greatest(reply_count - 1, 0)` })
    .where('id', '=', gone.discussion_id)
    .execute();
}

/** The ids of a discussion's replies (their reports go with it). */
export async function replyIdsOf(db: CommunityFeedDb, discussionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('discussion_replies')
    .select('id')
    .where('discussion_id', '=', discussionId)
    .execute();
  return rows.map((r) => r.id);
}

export async function insertReply(
  db: CommunityFeedDb,
  r: { id: string; discussionId: string; authorId: string; body: string },
): Promise<DiscussionReplyRow> {
  const row = await db
    .insertInto('discussion_replies')
    .values({ id: r.id, discussion_id: r.discussionId, author_id: r.authorId, body: r.body })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('discussions')
    .set({ reply_count: sql<number>`reply_count + 1`, last_activity_at: sql<Date>`now()` })
    .where('id', '=', r.discussionId)
    .execute();
  return row;
}

export async function deleteDiscussion(db: CommunityFeedDb, id: string): Promise<void> {
  await db.deleteFrom('discussions').where('id', '=', id).execute();
}

/** Erasure: the member's discussions (with every reply) and their replies elsewhere (counts follow). */
export async function deleteDiscussionContentOf(db: CommunityFeedDb, authorId: string): Promise<void> {
  await db.deleteFrom('discussions').where('author_id', '=', authorId).execute();
  const gone = await db
    .deleteFrom('discussion_replies')
    .where('author_id', '=', authorId)
    .returning('discussion_id')
    .execute();
  for (const id of new Set(gone.map((g) => g.discussion_id))) {
    await db
      .updateTable('discussions')
      .set({
        // A subquery through the builder, so the table gets the service's schema on PGlite too.
        reply_count: (eb) =>
          eb
            .selectFrom('discussion_replies')
            .select((e) => e.fn.countAll<number>().as('n'))
            .where('discussion_id', '=', id),
      })
      .where('id', '=', id)
      .execute();
  }
}
