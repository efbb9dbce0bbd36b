import type { EventsCirclesDb, ReportTargetKind } from './tables.ts';

/** The only SQL about reports of circles, events and circle posts, and what moderators hide. */

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

/** The reports of an item a moderator restored (it starts afresh) or deleted. */
export async function deleteReportsOfTarget(db: EventsCirclesDb, targetId: string): Promise<void> {
  await db.deleteFrom('reports').where('target_id', '=', targetId).execute();
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
  const row = await db
    .updateTable('circle_posts')
    .set({ hidden_at: hiddenAt })
    .where('id', '=', targetId)
    .returning('author_id')
    .executeTakeFirst();
  return row && { ownerId: row.author_id };
}

export async function findPostById(db: EventsCirclesDb, postId: string) {
  return db.selectFrom('circle_posts').selectAll().where('id', '=', postId).forUpdate().executeTakeFirst();
}
