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

export async function listDiscussions(db: CommunityFeedDb): Promise<DiscussionRow[]> {
  return db.selectFrom('discussions').selectAll().orderBy('last_activity_at', 'desc').limit(100).execute();
}

export async function repliesOf(db: CommunityFeedDb, discussionId: string): Promise<DiscussionReplyRow[]> {
  return db
    .selectFrom('discussion_replies')
    .selectAll()
    .where('discussion_id', '=', discussionId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1000)
    .execute();
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
