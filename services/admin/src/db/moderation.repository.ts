import type { Insertable } from 'kysely';
import type {
  AdminDb,
  ModerationItemRow,
  ModerationItemsTable,
  ModerationReportRow,
  ModerationTargetType,
} from './tables.ts';

/** The only SQL about the moderation queue. */

export interface ItemKey {
  service: string;
  targetType: ModerationTargetType;
  targetId: string;
}

/**
 * The item for a reported thing, created at its first report; a new report of a decided item opens it again.
 * Returns the item (locked for the rest of the transaction).
 */
export async function upsertItemOnReport(
  db: AdminDb,
  item: Insertable<ModerationItemsTable>,
): Promise<ModerationItemRow> {
  return db
    .insertInto('moderation_items')
    .values(item)
    .onConflict((oc) =>
      oc.columns(['service', 'target_type', 'target_id']).doUpdateSet((eb) => ({
        status: 'open',
        // The newest context the owner sent (a renamed circle shows its current name); kept when none came.
        context: eb.fn.coalesce('excluded.context', 'moderation_items.context'),
        place: eb.fn.coalesce('excluded.place', 'moderation_items.place'),
        last_reported_at: eb.fn('greatest', [
          eb.ref('moderation_items.last_reported_at'),
          eb.ref('excluded.last_reported_at'),
        ]),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findItemByTarget(db: AdminDb, key: ItemKey): Promise<ModerationItemRow | undefined> {
  return db
    .selectFrom('moderation_items')
    .selectAll()
    .where('service', '=', key.service)
    .where('target_type', '=', key.targetType)
    .where('target_id', '=', key.targetId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findItemForUpdate(db: AdminDb, id: string): Promise<ModerationItemRow | undefined> {
  return db.selectFrom('moderation_items').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateItem(
  db: AdminDb,
  id: string,
  changes: Partial<
    Pick<ModerationItemRow, 'status' | 'hidden' | 'last_action' | 'decided_by' | 'decided_at' | 'author_id'>
  >,
): Promise<ModerationItemRow> {
  return db
    .updateTable('moderation_items')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records a report once (redelivered events and repeated reports change nothing); true when it was new. */
export async function insertReport(db: AdminDb, report: ModerationReportRow): Promise<boolean> {
  const rows = await db
    .insertInto('moderation_reports')
    .values(report)
    .onConflict((oc) => oc.column('report_id').doNothing())
    .returning('report_id')
    .execute();
  return rows.length > 0;
}

export async function listItems(
  db: AdminDb,
  f: { status?: 'open' | 'decided'; authorId?: string; limit: number; offset: number },
): Promise<{ items: ModerationItemRow[]; total: number }> {
  let q = db.selectFrom('moderation_items');
  if (f.status) q = q.where('status', '=', f.status);
  if (f.authorId) q = q.where('author_id', '=', f.authorId);
  const [items, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('status', 'desc') // 'open' before 'decided'
      .orderBy(
        (eb) =>
          eb
            .selectFrom('moderation_reports')
            .select((e) => e.fn.countAll().as('n'))
            .whereRef('moderation_reports.item_id', '=', 'moderation_items.id'),
        'desc',
      )
      .orderBy('last_reported_at', 'desc')
      .orderBy('id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

export async function reportsOfItems(
  db: AdminDb,
  itemIds: readonly string[],
): Promise<ModerationReportRow[]> {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('moderation_reports')
    .selectAll()
    .where('item_id', 'in', [...itemIds])
    .orderBy('reported_at')
    .execute();
}

export async function countOpenItems(db: AdminDb): Promise<number> {
  const row = await db
    .selectFrom('moderation_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Erasure: the member's reports go, and the items about their content or about them (that content is gone). */
export async function forgetModerationOf(db: AdminDb, userId: string): Promise<void> {
  await db.deleteFrom('moderation_reports').where('reporter_id', '=', userId).execute();
  await db.deleteFrom('moderation_items').where('author_id', '=', userId).execute();
}
