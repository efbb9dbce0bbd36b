import type { Kysely } from 'kysely';
import { typed, type MemberRow } from './tables.ts';

/** The only place that speaks SQL about billing's copy of members and their invitation discounts. */

export async function upsertMember(
  db: Kysely<any>,
  member: { userId: string; email: string; name: string; registeredAt: Date },
): Promise<void> {
  await typed(db)
    .insertInto('members')
    .values({
      user_id: member.userId,
      email: member.email,
      name: member.name,
      registered_at: member.registeredAt,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function updateMemberEmail(db: Kysely<any>, userId: string, email: string): Promise<void> {
  await typed(db).updateTable('members').set({ email }).where('user_id', '=', userId).execute();
}

export async function findMember(db: Kysely<any>, userId: string): Promise<MemberRow | undefined> {
  return typed(db).selectFrom('members').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findMemberByEmail(db: Kysely<any>, email: string): Promise<MemberRow | undefined> {
  return typed(db)
    .selectFrom('members')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export async function recordDiscount(db: Kysely<any>, userId: string, percent: number): Promise<void> {
  await typed(db)
    .insertInto('discounts')
    .values({ user_id: userId, percent, source: 'invitation' })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function findDiscountPercent(db: Kysely<any>, userId: string): Promise<number | null> {
  const row = await typed(db)
    .selectFrom('discounts')
    .select('percent')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.percent ?? null;
}

/** Forgets the member's personal data (e-mail, name, discount); payment records stay (bookkeeping). */
export async function eraseMember(db: Kysely<any>, userId: string): Promise<void> {
  await typed(db).deleteFrom('members').where('user_id', '=', userId).execute();
  await typed(db).deleteFrom('discounts').where('user_id', '=', userId).execute();
}
