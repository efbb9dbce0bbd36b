import type { AdminDb, SecurityEventRow, SecurityEventsTable } from './tables.ts';
import type { Insertable } from 'kysely';

/** The only SQL about the security log. */

export async function insertSecurityEvents(
  db: AdminDb,
  rows: readonly Insertable<SecurityEventsTable>[],
): Promise<SecurityEventRow[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('security_events')
    .values([...rows])
    .returningAll()
    .execute();
}

export interface SecurityEventFilter {
  severity?: SecurityEventRow['severity'];
  type?: string;
  userId?: string;
  resolved?: boolean;
  before?: string;
  limit: number;
}

/** Newest first; `before` is an event id, the page goes on after it. */
export async function listSecurityEvents(db: AdminDb, f: SecurityEventFilter): Promise<SecurityEventRow[]> {
  let q = db.selectFrom('security_events').selectAll();
  if (f.severity) q = q.where('severity', '=', f.severity);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.userId) q = q.where('user_id', '=', f.userId);
  if (f.resolved !== undefined) q = q.where('resolved', '=', f.resolved);
  if (f.before) {
    const before = f.before;
    q = q.where('seq', '<', (eb) => eb.selectFrom('security_events').select('seq').where('id', '=', before));
  }
  return q.orderBy('seq', 'desc').limit(f.limit).execute();
}

export async function findSecurityEventForUpdate(
  db: AdminDb,
  id: string,
): Promise<SecurityEventRow | undefined> {
  return db.selectFrom('security_events').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markResolved(db: AdminDb, id: string, by: string): Promise<SecurityEventRow> {
  return db
    .updateTable('security_events')
    .set({ resolved: true, resolved_at: new Date(), resolved_by: by })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function countUnresolved(db: AdminDb): Promise<number> {
  const row = await db
    .selectFrom('security_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('resolved', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Erasure: the log keeps what happened, without who it was or their browser. */
export async function anonymiseSecurityEventsOf(db: AdminDb, userId: string): Promise<void> {
  await db
    .updateTable('security_events')
    .set({ user_id: null, user_agent: null })
    .where('user_id', '=', userId)
    .execute();
}
