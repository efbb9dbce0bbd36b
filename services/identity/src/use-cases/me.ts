import type { AccessTokenClaims, Me } from '@mer/contracts';
import { authenticationError, notFound, permissionDenied } from '@mer/service-runtime';
import { findAccountById } from '../db/accounts.repository.ts';
import { rolesAndPermissionsOf } from '../db/roles.repository.ts';
import type { IdentityDb } from '../db/tables.ts';
import { describeAccount } from './sessions.ts';

/** The signed-in account. A valid token for an account deleted since means: log in again. */
export async function getMe(deps: { db: IdentityDb }, userId: string): Promise<Me> {
  const account = await findAccountById(deps.db, userId);
  if (!account) throw authenticationError();
  return describeAccount(deps.db, account);
}

/** Who may read another member's permissions (spec: self, or an admin). */
const PERMISSION_READERS = ['users_update', 'system_admin'];

export async function userPermissions(
  deps: { db: IdentityDb },
  caller: AccessTokenClaims,
  userId: string,
): Promise<{ permissions: string[] }> {
  const self = caller.sub === userId;
  if (!self && !caller.perms.some((p) => PERMISSION_READERS.includes(p))) throw permissionDenied();
  const account = await findAccountById(deps.db, userId);
  if (!account) throw self ? authenticationError() : notFound();
  const { permissions } = await rolesAndPermissionsOf(deps.db, userId);
  return { permissions };
}
