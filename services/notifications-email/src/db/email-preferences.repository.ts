import { sql, type Kysely } from 'kysely';
import type { NotificationsEmailTables } from './tables.ts';

type Db = Kysely<NotificationsEmailTables>;

export interface EmailPreferencesRow {
  user_id: string;
  unsubscribed_all: boolean;
  batch_notifications: boolean;
  quiet_hours_enabled: boolean;
  quiet_hours_start: string;
  quiet_hours_end: string;
  time_zone: string;
  digest: 'off' | 'daily' | 'weekly';
  last_daily_digest_at: Date | null;
  last_weekly_digest_at: Date | null;
}

export async function findEmailPreferences(db: Db, userId: string): Promise<EmailPreferencesRow | null> {
  const row = await db
    .selectFrom('email_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row as EmailPreferencesRow | undefined) ?? null;
}

/** Those of userIds who unsubscribed from all. */
export async function findUnsubscribedMembers(db: Db, userIds: readonly string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db
    .selectFrom('email_preferences')
    .select('user_id')
    .where('user_id', 'in', [...userIds])
    .where('unsubscribed_all', '=', true)
    .execute();
  return rows.map((r) => r.user_id);
}

export type EmailPreferenceChanges = Partial<Omit<EmailPreferencesRow, 'user_id'>>;

export async function saveEmailPreferences(
  db: Db,
  userId: string,
  changes: EmailPreferenceChanges,
): Promise<EmailPreferencesRow> {
  const row = await db
    .insertInto('email_preferences')
    .values({ user_id: userId, ...changes })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: sql<Date>`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as EmailPreferencesRow;
}

export interface DigestCandidate {
  user_id: string;
  email: string;
  name: string;
  notification_preferences: Record<string, boolean> | null;
  time_zone: string;
  digest: 'off' | 'daily' | 'weekly';
  last_daily_digest_at: Date | null;
  last_weekly_digest_at: Date | null;
}

/** Members with an e-mail who did not unsubscribe from all, with their digest choice (defaults: weekly, UTC). */
export async function digestCandidates(db: Db, userId?: string): Promise<DigestCandidate[]> {
  let q = db
    .selectFrom('members as m')
    .leftJoin('email_preferences as p', 'p.user_id', 'm.user_id')
    .select([
      'm.user_id',
      'm.email',
      'm.name',
      'm.notification_preferences',
      sql<string>`coalesce(p.time_zone, 'UTC')`.as('time_zone'),
      sql<'off' | 'daily' | 'weekly'>`coalesce(p.digest, 'weekly')`.as('digest'),
      'p.last_daily_digest_at',
      'p.last_weekly_digest_at',
    ])
    .where('m.email', 'is not', null)
    .where((eb) => eb.or([eb('p.unsubscribed_all', 'is', null), eb('p.unsubscribed_all', '=', false)]));
  if (userId) q = q.where('m.user_id', '=', userId);
  return (await q.execute()) as DigestCandidate[];
}
