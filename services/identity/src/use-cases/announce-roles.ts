import { UserRolesChanged } from '@mer/contracts';
import { isActiveAdminUser, rolesAndPermissionsOf } from '../db/roles.repository.ts';
import type { IdentityTx } from '../deps.ts';

/**
 * Tells the other services an account's roles or admin record changed (identity.user.roles-changed.v1),
 * in the transaction that changed them. The payload is the whole state read back after the change, so
 * every change of roles or of admin_users goes through here: today the first admin's creation, later
 * the Admin Panel's grants and revocations.
 */
export async function announceRolesChanged(tx: IdentityTx, userId: string): Promise<void> {
  const { roles } = await rolesAndPermissionsOf(tx.trx, userId);
  await tx.publish(UserRolesChanged, { userId, roles, isAdmin: await isActiveAdminUser(tx.trx, userId) });
}
