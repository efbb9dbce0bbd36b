import { sql } from 'kysely';
import type { IdentityDb, InvitationCode } from './tables.ts';

export async function insertInvitation(
  db: IdentityDb,
  invitation: Pick<
    InvitationCode,
    'code' | 'max_uses' | 'discount_percent' | 'expires_at' | 'source' | 'created_by'
  >,
): Promise<InvitationCode | undefined> {
  // A code collision (about one in 10^11 per code) returns undefined and the caller draws again.
  return db
    .insertInto('invitation_codes')
    .values(invitation)
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** A code that can still be used right now: exists, not used up, not expired. */
export async function findUsableInvitation(
  db: IdentityDb,
  code: string,
): Promise<InvitationCode | undefined> {
  return db
    .selectFrom('invitation_codes')
    .selectAll()
    .where('code', '=', code)
    .where('disabled_at', 'is', null)
    .where((eb) => eb('uses_count', '<', eb.ref('max_uses')))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
}

/**
 * Counts one use of a code if it has one left, in a single statement: concurrent sign-ups queue
 * on the row lock and each re-checks uses_count, so a code with N uses admits exactly N people.
 * Undefined when the code is unknown, used up or expired.
 */
export async function useInvitation(db: IdentityDb, code: string): Promise<InvitationCode | undefined> {
  return db
    .updateTable('invitation_codes')
    .set((eb) => ({ uses_count: eb('uses_count', '+', 1) }))
    .where('code', '=', code)
    .where('disabled_at', 'is', null)
    .where((eb) => eb('uses_count', '<', eb.ref('max_uses')))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
}

/** The newest usable code created at start, shown again to the operator instead of piling up codes. */
export async function findUsableBootstrapInvitation(db: IdentityDb): Promise<InvitationCode | undefined> {
  return db
    .selectFrom('invitation_codes')
    .selectAll()
    .where('source', '=', 'bootstrap')
    .where('disabled_at', 'is', null)
    .where((eb) => eb('uses_count', '<', eb.ref('max_uses')))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every code, newest first, with its usage (the Admin Panel's list). */
export async function listInvitations(
  db: IdentityDb,
  page: { limit: number; offset: number },
): Promise<{ rows: InvitationCode[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('invitation_codes')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('code')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('invitation_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findInvitation(db: IdentityDb, code: string): Promise<InvitationCode | undefined> {
  return db.selectFrom('invitation_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Disables a code (once: disabling again keeps the first time). */
export async function disableInvitation(db: IdentityDb, code: string): Promise<InvitationCode | undefined> {
  return db
    .updateTable('invitation_codes')
    .set((eb) => ({ disabled_at: eb.fn.coalesce('disabled_at', sql<Date>`now()`) }))
    .where('code', '=', code)
    .returningAll()
    .executeTakeFirst();
}
