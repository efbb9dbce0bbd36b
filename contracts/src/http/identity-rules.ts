// Identity's rules shared with the web front ends. No imports: the front ends bundle this module, and TypeBox
// (used by the schemas in identity.ts) would add about 25 KB to their first load.

/** The permissions that show the Admin Panel link (spec 000, section 6). */
export const ADMIN_PANEL_PERMISSIONS = [
  'system_admin',
  'system_analytics',
  'system_settings',
  'users_create',
  'users_update',
  'users_delete',
  'communities_create',
  'communities_update',
  'communities_delete',
] as const;
export type Permission = (typeof ADMIN_PANEL_PERMISSIONS)[number];

/** The community roles an admin sets on a member (issue 20); `admin` and `member` are not set by hand. */
export const COMMUNITY_ROLES = ['coach', 'mentor', 'community_leader'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];

/** Who reads members and changes their roles, facilitator flag, suspension and sessions. */
export const MEMBER_ADMIN_PERMISSIONS = ['system_admin', 'users_update'] as const;
/** Who grants and revokes permissions and the admin_users record: only the system admin (no self-escalation). */
export const PERMISSION_GRANT_PERMISSIONS = ['system_admin'] as const;
/** Who deletes a member's account. */
export const MEMBER_DELETE_PERMISSIONS = ['system_admin', 'users_delete'] as const;
/** Who manages invitation codes and the waiting list. */
export const INVITATION_ADMIN_PERMISSIONS = ['system_admin', 'users_create'] as const;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 6;
/** Bounded so that hashing a hostile body cannot eat the CPU. */
export const PASSWORD_MAX = 256;
export const RESERVED_USERNAMES = [
  'admin',
  'administrator',
  'root',
  'system',
  'api',
  'www',
  'mail',
  'ftp',
  'support',
  'help',
  'info',
  'mer',
] as const;
