import type { ReportTargetType } from '@mer/contracts';
import type { CommunityFeedDb } from './tables.ts';

/** The only SQL about reports. */

/** Records the member's report of the item; false when they had reported it already. */
export async function insertReport(
  db: CommunityFeedDb,
  r: {
    id: string;
    targetType: ReportTargetType;
    targetId: string;
    reporterId: string;
    reason: string;
  },
): Promise<boolean> {
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
  return rows.length > 0;
}

export async function countReporters(
  db: CommunityFeedDb,
  targetType: string,
  targetId: string,
): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.count<string>('reporter_id').distinct().as('n'))
    .where('target_type', '=', targetType as 'post')
    .where('target_id', '=', targetId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteReportsOf(db: CommunityFeedDb, reporterId: string): Promise<void> {
  await db.deleteFrom('reports').where('reporter_id', '=', reporterId).execute();
}

export async function deleteReportsOfTargets(
  db: CommunityFeedDb,
  targetIds: readonly string[],
): Promise<void> {
  if (targetIds.length === 0) return;
  await db
    .deleteFrom('reports')
    .where('target_id', 'in', [...targetIds])
    .execute();
}
