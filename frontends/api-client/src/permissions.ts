import { ADMIN_PANEL_PERMISSIONS, type Me } from '@mer/contracts';

export { ADMIN_PANEL_PERMISSIONS };

export function hasAnyPermission(
  user: Pick<Me, 'permissions'> | null,
  permissions: readonly string[],
): boolean {
  return Boolean(user && user.permissions.some((p) => permissions.includes(p)));
}

/** Spec 000 section 6: the Admin Panel link shows for any of the admin permissions. */
export function canSeeAdminPanel(user: Pick<Me, 'permissions'> | null): boolean {
  return hasAnyPermission(user, ADMIN_PANEL_PERMISSIONS);
}

/**
 * An admin-type user (spec 000 section 6): any Admin Panel permission, or an active admin_users record. Admins reach
 * the admin area and their account settings without a membership or a completed profile.
 */
export function isAdminUser(user: Pick<Me, 'permissions' | 'isAdmin'> | null): boolean {
  return Boolean(user && (user.isAdmin || canSeeAdminPanel(user)));
}
