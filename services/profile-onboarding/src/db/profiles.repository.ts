import type { Kysely } from 'kysely';
import { typed, type ProfileRow } from './tables.ts';

/** The only place that speaks SQL about profiles. Every function takes ctx.db or a transaction's trx. */

export interface NewProfile {
  userId: string;
  name: string;
  username: string;
  email: string;
  createdAt: Date;
}

/** Inserts the member's profile unless it exists already; true when a row was added. */
export async function insertProfileIfAbsent(db: Kysely<any>, profile: NewProfile): Promise<boolean> {
  const inserted = await typed(db)
    .insertInto('profiles')
    .values({
      user_id: profile.userId,
      name: profile.name,
      username: profile.username,
      email: profile.email,
      created_at: profile.createdAt,
      updated_at: profile.createdAt,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findProfile(db: Kysely<any>, userId: string): Promise<ProfileRow | undefined> {
  return typed(db).selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Records the member's confirmed e-mail; false when they have no profile. */
export async function updateProfileEmail(db: Kysely<any>, userId: string, email: string): Promise<boolean> {
  const result = await typed(db)
    .updateTable('profiles')
    .set({ email, updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('email', '<>', email)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the member's profile and remembers that the member is gone (only the account id). */
export async function eraseProfile(db: Kysely<any>, userId: string): Promise<void> {
  await typed(db).deleteFrom('profiles').where('user_id', '=', userId).execute();
  await typed(db)
    .insertInto('erased_members')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function isMemberErased(db: Kysely<any>, userId: string): Promise<boolean> {
  const row = await typed(db)
    .selectFrom('erased_members')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countProfiles(db: Kysely<any>): Promise<number> {
  const row = await typed(db)
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The newest members' public fields only: never e-mails or anything else private. */
export async function newestProfiles(
  db: Kysely<any>,
  limit: number,
): Promise<{ user_id: string; name: string; image_url: string | null }[]> {
  return typed(db)
    .selectFrom('profiles')
    .select(['user_id', 'name', 'image_url'])
    .orderBy('created_at', 'desc')
    .orderBy('user_id', 'desc')
    .limit(limit)
    .execute();
}
