import type { MessagingDb } from './tables.ts';

/** The only SQL about reports of messages. */

/** The member's report of the message, recorded once; the existing one's id when they had reported it already. */
export async function insertReport(
  db: MessagingDb,
  r: { id: string; messageId: string; reporterId: string; reason: string },
): Promise<{ reportId: string; added: boolean }> {
  const rows = await db
    .insertInto('message_reports')
    .values({ id: r.id, message_id: r.messageId, reporter_id: r.reporterId, reason: r.reason })
    .onConflict((oc) => oc.columns(['message_id', 'reporter_id']).doNothing())
    .returning('id')
    .execute();
  if (rows.length > 0) return { reportId: r.id, added: true };
  const existing = await db
    .selectFrom('message_reports')
    .select('id')
    .where('message_id', '=', r.messageId)
    .where('reporter_id', '=', r.reporterId)
    .executeTakeFirstOrThrow();
  return { reportId: existing.id, added: false };
}

export async function countReporters(db: MessagingDb, messageId: string): Promise<number> {
  const row = await db
    .selectFrom('message_reports')
    .select((eb) => eb.fn.count<string>('reporter_id').distinct().as('n'))
    .where('message_id', '=', messageId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Erasure: the member's own reports. */
export async function deleteReportsBy(db: MessagingDb, reporterId: string): Promise<void> {
  await db.deleteFrom('message_reports').where('reporter_id', '=', reporterId).execute();
}
