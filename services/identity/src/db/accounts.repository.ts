import type { Account, IdentityDb } from './tables.ts';
import { uniqueViolationOf } from './unique-violation.ts';

/** An insert ran into another account's e-mail or username (two sign-ups racing for the same one). */
export class AccountConflictError extends Error {
  constructor(readonly field: 'email' | 'username') {
    super(`An account with this ${field} already exists`);
    this.name = 'AccountConflictError';
  }
}

export async function insertAccount(
  db: IdentityDb,
  account: Pick<Account, 'id' | 'email' | 'username' | 'name' | 'password_hash' | 'invitation_code'>,
): Promise<Account> {
  try {
    return await db.insertInto('accounts').values(account).returningAll().executeTakeFirstOrThrow();
  } catch (err) {
    const index = uniqueViolationOf(err);
    if (index === 'accounts_email_key') throw new AccountConflictError('email');
    if (index === 'accounts_username_key') throw new AccountConflictError('username');
    throw err;
  }
}

export async function findAccountById(db: IdentityDb, id: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** email must already be normalised (lower-case). */
export async function findAccountByEmail(db: IdentityDb, email: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

/** username must already be normalised (lower-case). */
export async function findAccountByUsername(db: IdentityDb, username: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function isEmailTaken(db: IdentityDb, email: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function isUsernameTaken(db: IdentityDb, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updatePasswordHash(db: IdentityDb, id: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * Marks the address confirmed if it is still the account's address and not confirmed yet.
 * Returns whether it was newly confirmed.
 */
export async function markEmailConfirmed(db: IdentityDb, id: string, email: string): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .updateTable('accounts')
    .set({ email_confirmed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('email', '=', email)
    .where('email_confirmed_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Switches to a new, confirmed address. */
export async function replaceEmail(db: IdentityDb, id: string, email: string): Promise<void> {
  const now = new Date();
  await db
    .updateTable('accounts')
    .set({ email, email_confirmed_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes the account; its roles, sessions and tokens go with it (foreign keys cascade). */
export async function deleteAccount(db: IdentityDb, id: string): Promise<boolean> {
  const rows = await db.deleteFrom('accounts').where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}
