import { sql, type Kysely } from 'kysely';
import type { EmailLogsTable, NotificationsEmailTables } from './tables.ts';

type Db = Kysely<NotificationsEmailTables>;

export async function insertEmailLog(
  db: Db,
  log: { id: string; userId: string | null; emailType: string; status: EmailLogsTable['status']; at: Date },
): Promise<void> {
  await db
    .insertInto('email_logs')
    .values({
      id: log.id,
      user_id: log.userId,
      email_type: log.emailType,
      status: log.status,
      created_at: log.at,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function markLogOpened(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('email_logs')
    .set({ opened_at: sql<Date>`coalesce(opened_at, ${at})` })
    .where('id', '=', id)
    .execute();
}

/** A click also proves the e-mail was opened (images are often blocked). */
export async function markLogClicked(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('email_logs')
    .set({
      clicked_at: sql<Date>`coalesce(clicked_at, ${at})`,
      opened_at: sql<Date>`coalesce(opened_at, ${at})`,
    })
    .where('id', '=', id)
    .execute();
}

export interface EmailLogRow {
  id: string;
  user_id: string | null;
  email_type: string;
  status: EmailLogsTable['status'];
  created_at: Date;
  opened_at: Date | null;
  clicked_at: Date | null;
}

export async function listEmailLogs(
  db: Db,
  opts: { userId?: string; latest?: number; since?: Date },
): Promise<EmailLogRow[]> {
  let q = db.selectFrom('email_logs').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (opts.userId) q = q.where('user_id', '=', opts.userId);
  if (opts.since) q = q.where('created_at', '>=', opts.since);
  q = q.limit(opts.latest ?? 1000);
  return (await q.execute()) as EmailLogRow[];
}
