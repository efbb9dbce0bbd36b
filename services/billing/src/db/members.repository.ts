import type { BillingDb, MemberRow } from './tables.ts';

/** The only place that speaks SQL about billing's copy of members and their invitation discounts. */

export async function upsertMember(
  db: BillingDb,
  member: { userId: string; email: string; name: string; registeredAt: Date },
): Promise<void> {
  await db
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

export async function updateMemberEmail(db: BillingDb, userId: string, email: string): Promise<void> {
  await db.updateTable('members').set({ email }).where('user_id', '=', userId).execute();
}

export async function findMember(db: BillingDb, userId: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findMemberByEmail(db: BillingDb, email: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export async function recordDiscount(db: BillingDb, userId: string, percent: number): Promise<void> {
  await db
    .insertInto('discounts')
    .values({ user_id: userId, percent, source: 'invitation' })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function findDiscountPercent(db: BillingDb, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('discounts')
    .select('percent')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.percent ?? null;
}

/** Forgets the member's personal data (e-mail, name, discount); payment records stay (bookkeeping). */
export async function eraseMember(db: BillingDb, userId: string): Promise<void> {
  await db.deleteFrom('members').where('user_id', '=', userId).execute();
  await db.deleteFrom('discounts').where('user_id', '=', userId).execute();
}
