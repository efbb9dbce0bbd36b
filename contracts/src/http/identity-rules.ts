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
