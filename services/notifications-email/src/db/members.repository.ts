import { sql, type Kysely } from 'kysely';
import type { EmailPreferencesRow } from './email-preferences.repository.ts';
import type { NotificationsEmailTables } from './tables.ts';

type Db = Kysely<NotificationsEmailTables>;

export interface MemberRow {
  user_id: string;
  email: string | null;
  name: string;
  image_url: string | null;
  bio: string | null;
  notification_preferences: Record<string, boolean> | null;
}

/** Records what an event says about a member; fields left undefined keep their stored value. */
export async function upsertMember(
  db: Db,
  userId: string,
  fields: {
    email?: string;
    name?: string;
    imageUrl?: string | null;
    preferences?: Record<string, boolean>;
  },
): Promise<void> {
  const values = {
    user_id: userId,
    ...(fields.email !== undefined ? { email: fields.email } : {}),
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.imageUrl !== undefined ? { image_url: fields.imageUrl } : {}),
    ...(fields.preferences !== undefined
      ? { notification_preferences: JSON.stringify(fields.preferences) }
      : {}),
  };
  const { user_id: _id, ...changes } = values;
  await db
    .insertInto('members')
    .values(values)
    .onConflict((oc) =>
      Object.keys(changes).length
        ? oc.column('user_id').doUpdateSet({ ...changes, updated_at: sql<Date>`now()` })
        : oc.column('user_id').doNothing(),
    )
    .execute();
}

export async function findMember(db: Db, userId: string): Promise<MemberRow | null> {
  const row = await db.selectFrom('members').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return (row as MemberRow | undefined) ?? null;
}

export async function findMembers(db: Db, userIds: string[]): Promise<MemberRow[]> {
  if (!userIds.length) return [];
  return (await db
    .selectFrom('members')
    .selectAll()
    .where('user_id', 'in', userIds)
    .execute()) as MemberRow[];
}

/** A member with their e-mail preferences (null when they never saved any: the defaults apply). */
export interface RecipientRow extends MemberRow {
  emailPreferences: EmailPreferencesRow | null;
}

/** The members among userIds that this service knows, with their e-mail preferences: one query for a fan-out. */
export async function findRecipients(db: Db, userIds: readonly string[]): Promise<Map<string, RecipientRow>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .selectFrom('members as m')
    .leftJoin('email_preferences as p', 'p.user_id', 'm.user_id')
    .select([
      'm.user_id',
      'm.email',
      'm.name',
      'm.image_url',
      'm.bio',
      'm.notification_preferences',
      'p.user_id as p_user_id',
      'p.unsubscribed_all',
      'p.batch_notifications',
      'p.quiet_hours_enabled',
      'p.quiet_hours_start',
      'p.quiet_hours_end',
      'p.time_zone',
      'p.digest',
      'p.last_daily_digest_at',
      'p.last_weekly_digest_at',
    ])
    .where('m.user_id', 'in', [...userIds])
    .execute();
  return new Map(
    rows.map((r) => [
      r.user_id,
      {
        user_id: r.user_id,
        email: r.email,
        name: r.name,
        image_url: r.image_url,
        bio: r.bio,
        notification_preferences: r.notification_preferences as Record<string, boolean> | null,
        emailPreferences: r.p_user_id
          ? ({
              user_id: r.p_user_id,
              unsubscribed_all: r.unsubscribed_all,
              batch_notifications: r.batch_notifications,
              quiet_hours_enabled: r.quiet_hours_enabled,
              quiet_hours_start: r.quiet_hours_start,
              quiet_hours_end: r.quiet_hours_end,
              time_zone: r.time_zone,
              digest: r.digest,
              last_daily_digest_at: r.last_daily_digest_at,
              last_weekly_digest_at: r.last_weekly_digest_at,
            } as EmailPreferencesRow)
          : null,
      },
    ]),
  );
}

export async function deleteMember(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('members').where('user_id', '=', userId).execute();
  await db.deleteFrom('email_preferences').where('user_id', '=', userId).execute();
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await db.deleteFrom('email_logs').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('connection_requests')
    .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
    .execute();
}
