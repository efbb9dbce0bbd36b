import type { AdminDb, AuditEntryRow } from './tables.ts';

/** The only SQL about the audit trail. Entries are only ever added. */

export async function insertAuditEntry(
  db: AdminDb,
  entry: {
    id: string;
    actorId: string;
    action: string;
    targetType: string;
    targetId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    at?: Date;
  },
): Promise<void> {
  await db
    .insertInto('audit_entries')
    .values({
      id: entry.id,
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
      ...(entry.at ? { at: entry.at } : {}),
    })
    .execute();
}

export async function listAuditEntries(
  db: AdminDb,
  f: { actorId?: string; targetId?: string; limit: number; offset: number },
): Promise<{ entries: AuditEntryRow[]; total: number }> {
  let q = db.selectFrom('audit_entries');
  if (f.actorId) q = q.where('actor_id', '=', f.actorId);
  if (f.targetId) q = q.where('target_id', '=', f.targetId);
  const [entries, total] = await Promise.all([
    q.selectAll().orderBy('seq', 'desc').limit(f.limit).offset(f.offset).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { entries, total: Number(total.n) };
}
