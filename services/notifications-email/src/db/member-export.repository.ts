import type { Kysely } from 'kysely';
import type { NotificationsEmailTables } from './tables.ts';

/**
 * The e-mails queued or sent to one member, for "Download my data". Bodies and action links are not read: they
 * held one-time tokens (confirmation and reset links).
 */
export async function emailsForExport(db: Kysely<NotificationsEmailTables>, userId: string) {
  return db
    .selectFrom('email_queue')
    .select([
      'id',
      'kind',
      'to_address',
      'subject',
      'status',
      'transport',
      'attempts',
      'created_at',
      'sent_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
}
