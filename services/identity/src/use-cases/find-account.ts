import { findAccountByEmail, findAccountByUsername } from '../db/accounts.repository.ts';
import type { Account, IdentityDb } from '../db/tables.ts';
import { isValidEmail } from '../domain/email.ts';
import type { LoginIdentifier } from '../domain/identifier.ts';
import { couldBeUsername } from '../domain/username.ts';

/** The account an e-mail or username names; identifiers no account could have are not looked up. */
export async function findAccountByIdentifier(
  db: IdentityDb,
  identifier: LoginIdentifier,
): Promise<Account | undefined> {
  if (identifier.kind === 'email')
    return isValidEmail(identifier.email) ? findAccountByEmail(db, identifier.email) : undefined;
  return couldBeUsername(identifier.username) ? findAccountByUsername(db, identifier.username) : undefined;
}
