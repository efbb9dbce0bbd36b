import { sql, type Kysely } from 'kysely';
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
