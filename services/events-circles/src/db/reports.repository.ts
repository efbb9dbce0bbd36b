import { sql } from 'kysely';
import type { EventsCirclesDb, ReportTargetKind } from './tables.ts';

/** The only SQL about reports of circles, events, circle posts, discussions and replies, and what moderators hide. */

/** The member's report of the item, recorded once; the existing one's id when they had reported it already. */
export async function insertReport(
  db: EventsCirclesDb,
  r: { id: string; targetType: ReportTargetKind; targetId: string; reporterId: string; reason: string },
): Promise<{ reportId: string; added: boolean }> {
  const rows = await db
    .insertInto('reports')
    .values({
      id: r.id,
      target_type: r.targetType,
      target_id: r.targetId,
      reporter_id: r.reporterId,
      reason: r.reason,
    })
    .onConflict((oc) => oc.columns(['target_type', 'target_id', 'reporter_id']).doNothing())
    .returning('id')
    .execute();
  if (rows.length > 0) return { reportId: r.id, added: true };
  const existing = await db
    .selectFrom('reports')
    .select('id')
    .where('target_type', '=', r.targetType)
    .where('target_id', '=', r.targetId)
    .where('reporter_id', '=', r.reporterId)
    .executeTakeFirstOrThrow();
  return { reportId: existing.id, added: false };
}

export async function countReporters(
  db: EventsCirclesDb,
  targetType: ReportTargetKind,
  targetId: string,
): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.count<string>('reporter_id').distinct().as('n'))
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The reports of items a moderator restored (they start afresh) or deleted. */
export async function deleteReportsOfTarget(
  db: EventsCirclesDb,
  ...targetIds: readonly string[]
): Promise<void> {
  if (targetIds.length === 0) return;
  await db
    .deleteFrom('reports')
    .where('target_id', 'in', [...targetIds])
    .execute();
}

/** The ids of a discussion's replies (their reports go with it). */
export async function replyIdsOfDiscussion(db: EventsCirclesDb, discussionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('circle_discussion_replies')
    .select('id')
    .where('discussion_id', '=', discussionId)
    .execute();
  return rows.map((r) => r.id);
}

/** Every meetup series of a circle (a deleted circle cancels them all). */
export async function allMeetupsOfCircle(db: EventsCirclesDb, circleId: string) {
  return db.selectFrom('meetups').selectAll().where('circle_id', '=', circleId).execute();
}

/** Hides (a time) or shows again (null) a circle, an event or a circle post; the row's owner, or undefined if gone. */
export async function setHiddenAt(
  db: EventsCirclesDb,
  targetType: ReportTargetKind,
  targetId: string,
  hiddenAt: Date | null,
): Promise<{ ownerId: string } | undefined> {
  if (targetType === 'circle') {
    const row = await db
      .updateTable('circles')
      .set({ hidden_at: hiddenAt })
      .where('id', '=', targetId)
      .returning('holder_id')
      .executeTakeFirst();
    return row && { ownerId: row.holder_id };
  }
  if (targetType === 'event') {
    const row = await db
      .updateTable('events')
      .set({ hidden_at: hiddenAt })
      .where('id', '=', targetId)
      .returning('host_id')
      .executeTakeFirst();
    return row && { ownerId: row.host_id };
  }
  const table =
    targetType === 'circle_post'
      ? 'circle_posts'
      : targetType === 'circle_discussion'
        ? 'circle_discussions'
        : 'circle_discussion_replies';
  const row = await db
    .updateTable(table)
    .set({ hidden_at: hiddenAt })
    .where('id', '=', targetId)
    .returning('author_id')
    .executeTakeFirst();
  return row && { ownerId: row.author_id };
}

/** A circle discussion by its id alone, locked (a report or a decision names only the id). */
export async function findDiscussionById(db: EventsCirclesDb, discussionId: string) {
  return db
    .selectFrom('circle_discussions')
    .selectAll()
    .where('id', '=', discussionId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findReplyById(db: EventsCirclesDb, replyId: string) {
  return db.selectFrom('circle_discussion_replies').selectAll().where('id', '=', replyId).executeTakeFirst();
}

/** A discussion goes with its replies (on delete cascade). */
export async function deleteDiscussionById(db: EventsCirclesDb, discussionId: string): Promise<void> {
  await db.deleteFrom('circle_discussions').where('id', '=', discussionId).execute();
}

/** One reply goes; its discussion's count follows (the caller holds the discussion's lock). */
export async function deleteReplyById(db: EventsCirclesDb, replyId: string): Promise<void> {
  const gone = await db
    .deleteFrom('circle_discussion_replies')
    .where('id', '=', replyId)
    .returning('discussion_id')
    .executeTakeFirst();
  if (!gone) return;
  await db
    .updateTable('circle_discussions')
    .set({ reply_count: sql<number>`greatest(reply_count - 1, 0)` })
    .where('id', '=', gone.discussion_id)
    .execute();
}

/** Every member of a circle (a removed circle tells them all; no page limit). */
export async function memberIdsOfCircle(db: EventsCirclesDb, circleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('circle_members')
    .select('user_id')
    .where('circle_id', '=', circleId)
    .where('status', '=', 'member')
    .execute();
  return rows.map((r) => r.user_id);
}

export async function findPostById(db: EventsCirclesDb, postId: string) {
  return db.selectFrom('circle_posts').selectAll().where('id', '=', postId).forUpdate().executeTakeFirst();
}
