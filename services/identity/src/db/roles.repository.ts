import type { IdentityDb } from './tables.ts';

export const Roles = { admin: 'admin', member: 'member' } as const;

export async function grantRole(db: IdentityDb, userId: string, role: string): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
}

/** Role names and the union of their permission names and the member's own grants, both sorted. */
export async function rolesAndPermissionsOf(
  db: IdentityDb,
  userId: string,
): Promise<{ roles: string[]; permissions: string[] }> {
  const rows = await db
    .selectFrom('user_roles')
    .leftJoin('role_permissions', 'role_permissions.role', 'user_roles.role')
    .select(['user_roles.role as role', 'role_permissions.permission as permission'])
    .where('user_roles.user_id', '=', userId)
    .execute();
  const roles = new Set<string>();
  const permissions = new Set<string>();
  for (const row of rows) {
    roles.add(row.role);
    if (row.permission) permissions.add(row.permission);
  }
  for (const permission of await grantedPermissionsOf(db, userId)) permissions.add(permission);
  return { roles: [...roles].sort(), permissions: [...permissions].sort() };
}

/** Whether the account has an active admin_users record (the spec's admin badge status). */
export async function isActiveAdminUser(db: IdentityDb, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('admin_users')
    .select('is_active')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.is_active === true;
}

/** The spec's admin_users record (admin badge status): one active row per admin. */
export async function activateAdminUser(db: IdentityDb, userId: string): Promise<void> {
  await db
    .insertInto('admin_users')
    .values({ user_id: userId, is_active: true })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ is_active: true }))
    .execute();
}

/** The e-mail of the earliest account holding a role (the admin shown at start). */
export async function firstEmailWithRole(db: IdentityDb, role: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('accounts', 'accounts.id', 'user_roles.user_id')
    .select('accounts.email as email')
    .where('user_roles.role', '=', role)
    .orderBy('user_roles.granted_at')
    .limit(1)
    .executeTakeFirst();
  return row?.email;
}

/** Permissions granted to the member directly (beyond their roles), sorted. */
export async function grantedPermissionsOf(db: IdentityDb, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_permissions')
    .select('permission')
    .where('user_id', '=', userId)
    .orderBy('permission')
    .execute();
  return rows.map((r) => r.permission);
}

export async function grantPermission(
  db: IdentityDb,
  userId: string,
  permission: string,
  grantedBy: string,
): Promise<void> {
  await db
    .insertInto('user_permissions')
    .values({ user_id: userId, permission, granted_by: grantedBy })
    .onConflict((oc) => oc.columns(['user_id', 'permission']).doNothing())
    .execute();
}

export async function revokePermission(db: IdentityDb, userId: string, permission: string): Promise<void> {
  await db
    .deleteFrom('user_permissions')
    .where('user_id', '=', userId)
    .where('permission', '=', permission)
    .execute();
}

export async function revokeRole(db: IdentityDb, userId: string, role: string): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).execute();
}

export async function deactivateAdminUser(db: IdentityDb, userId: string): Promise<void> {
  await db.updateTable('admin_users').set({ is_active: false }).where('user_id', '=', userId).execute();
}
