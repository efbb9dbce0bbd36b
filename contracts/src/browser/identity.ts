// Generated from routesByService by contracts/scripts/generate-browser-routes.ts: do not edit.
import type { RoutesByService } from '../index.ts';
import type { BrowserRouteOf } from './route.ts';

type Routes = RoutesByService['identity'];

/** Public keys that verify MER access tokens */
export const jwks: BrowserRouteOf<Routes['jwks']> = {
  method: 'GET',
  path: '/api/v1/identity/.well-known/jwks.json',
  access: 'public',
};

/** Check an invitation code (upper-cased) and return its discount */
export const validateInvitation: BrowserRouteOf<Routes['validateInvitation']> = {
  method: 'POST',
  path: '/api/v1/identity/invitations/validate',
  access: 'public',
};

/** Register on the waiting list (no second row for the same e-mail) */
export const joinWaitingList: BrowserRouteOf<Routes['joinWaitingList']> = {
  method: 'POST',
  path: '/api/v1/identity/waiting-list',
  access: 'public',
};

/** Whether a username can be taken, and why not */
export const usernameAvailability: BrowserRouteOf<Routes['usernameAvailability']> = {
  method: 'GET',
  path: '/api/v1/identity/usernames/:username/availability',
  access: 'public',
};

/** Create an account with an invitation code; returns a session */
export const signup: BrowserRouteOf<Routes['signup']> = {
  method: 'POST',
  path: '/api/v1/identity/signup',
  access: 'public',
};

/** Log in with e-mail or username; refresh token set as an HttpOnly cookie */
export const createSession: BrowserRouteOf<Routes['createSession']> = {
  method: 'POST',
  path: '/api/v1/identity/sessions',
  access: 'public',
};

/** Rotate the refresh token (cookie) and return a new access token */
export const refreshSession: BrowserRouteOf<Routes['refreshSession']> = {
  method: 'POST',
  path: '/api/v1/identity/sessions/refresh',
  access: 'public',
};

/** Sign out: revoke this session and clear the cookie */
export const deleteCurrentSession: BrowserRouteOf<Routes['deleteCurrentSession']> = {
  method: 'DELETE',
  path: '/api/v1/identity/sessions/current',
  access: 'public',
};

/** End every session of every member (admin tool "end all sessions") */
export const revokeAllSessions: BrowserRouteOf<Routes['revokeAllSessions']> = {
  method: 'POST',
  path: '/api/v1/identity/admin/sessions/revoke-all',
  access: 'user',
};

/** Send a reset link; the answer never tells whether the account exists */
export const requestPasswordReset: BrowserRouteOf<Routes['requestPasswordReset']> = {
  method: 'POST',
  path: '/api/v1/identity/password-reset',
  access: 'public',
};

/** Whether a reset link is still valid (the reset page checks before showing the form) */
export const verifyPasswordReset: BrowserRouteOf<Routes['verifyPasswordReset']> = {
  method: 'POST',
  path: '/api/v1/identity/password-reset/verify',
  access: 'public',
};

/** Set a new password with a single-use reset token (1 hour); ends all sessions */
export const confirmPasswordReset: BrowserRouteOf<Routes['confirmPasswordReset']> = {
  method: 'POST',
  path: '/api/v1/identity/password-reset/confirm',
  access: 'public',
};

/** Confirm an e-mail address (sign-up or change) with the token from the e-mail */
export const confirmEmail: BrowserRouteOf<Routes['confirmEmail']> = {
  method: 'POST',
  path: '/api/v1/identity/email-confirmations',
  access: 'public',
};

/** The signed-in account */
export const me: BrowserRouteOf<Routes['me']> = {
  method: 'GET',
  path: '/api/v1/identity/me',
  access: 'user',
};

/** Request an e-mail change; it takes effect when the link sent to the new address is opened */
export const changeEmail: BrowserRouteOf<Routes['changeEmail']> = {
  method: 'POST',
  path: '/api/v1/identity/me/email',
  access: 'user',
};

/** Change the password (needs the current one); other sessions end */
export const changePassword: BrowserRouteOf<Routes['changePassword']> = {
  method: 'POST',
  path: '/api/v1/identity/me/password',
  access: 'user',
};

/** Delete the signed-in account; every service removes its data on identity.user.deleted.v1 */
export const deleteAccount: BrowserRouteOf<Routes['deleteAccount']> = {
  method: 'DELETE',
  path: '/api/v1/identity/me',
  access: 'user',
};

/** Permission names of a user (self, or an admin with users_update or system_admin) */
export const userPermissions: BrowserRouteOf<Routes['userPermissions']> = {
  method: 'GET',
  path: '/api/v1/identity/users/:id/permissions',
  access: 'user',
};

/** Create an invitation code (admins) */
export const createInvitation: BrowserRouteOf<Routes['createInvitation']> = {
  method: 'POST',
  path: '/api/v1/identity/admin/invitations',
  access: 'user',
};

/** Members, newest first, searched and filtered on the server (admins) */
export const listMembers: BrowserRouteOf<Routes['listMembers']> = {
  method: 'GET',
  path: '/api/v1/identity/admin/members',
  access: 'user',
};

/** One member's account: roles, permissions, admin record, sessions, suspension */
export const memberAccount: BrowserRouteOf<Routes['memberAccount']> = {
  method: 'GET',
  path: '/api/v1/identity/admin/members/:id',
  access: 'user',
};

/** Grant a member one permission (audited; takes effect at their next token) */
export const grantPermission: BrowserRouteOf<Routes['grantPermission']> = {
  method: 'PUT',
  path: '/api/v1/identity/admin/members/:id/permissions/:permission',
  access: 'user',
};

/** Revoke a permission granted to a member directly (audited) */
export const revokePermission: BrowserRouteOf<Routes['revokePermission']> = {
  method: 'DELETE',
  path: '/api/v1/identity/admin/members/:id/permissions/:permission',
  access: 'user',
};

/** Activate or deactivate the member's admin_users record (audited) */
export const setAdminRecord: BrowserRouteOf<Routes['setAdminRecord']> = {
  method: 'PUT',
  path: '/api/v1/identity/admin/members/:id/admin-record',
  access: 'user',
};

/** Give or take a community role: coach, mentor, community_leader (audited) */
export const setCommunityRole: BrowserRouteOf<Routes['setCommunityRole']> = {
  method: 'PUT',
  path: '/api/v1/identity/admin/members/:id/roles/:role',
  access: 'user',
};

/** Set or clear the facilitator flag (audited) */
export const setFacilitator: BrowserRouteOf<Routes['setFacilitator']> = {
  method: 'PUT',
  path: '/api/v1/identity/admin/members/:id/facilitator',
  access: 'user',
};

/** Suspend (sessions end at once, log-in refused) or unsuspend a member (audited) */
export const setSuspension: BrowserRouteOf<Routes['setSuspension']> = {
  method: 'PUT',
  path: '/api/v1/identity/admin/members/:id/suspension',
  access: 'user',
};

/** End every session of one member; their open tabs sign out through /ws (audited) */
export const endMemberSessions: BrowserRouteOf<Routes['endMemberSessions']> = {
  method: 'POST',
  path: '/api/v1/identity/admin/members/:id/sessions/revoke',
  access: 'user',
};

/** Delete a member's account through the deletion flow (identity.user.deleted.v1; audited) */
export const deleteMember: BrowserRouteOf<Routes['deleteMember']> = {
  method: 'DELETE',
  path: '/api/v1/identity/admin/members/:id',
  access: 'user',
};

/** Invitation codes with their usage, newest first */
export const listInvitations: BrowserRouteOf<Routes['listInvitations']> = {
  method: 'GET',
  path: '/api/v1/identity/admin/invitations',
  access: 'user',
};

/** Disable an invitation code: it admits nobody from now on (audited) */
export const disableInvitation: BrowserRouteOf<Routes['disableInvitation']> = {
  method: 'POST',
  path: '/api/v1/identity/admin/invitations/:code/disable',
  access: 'user',
};

/** The waiting list, oldest first (pending first) */
export const listWaitingList: BrowserRouteOf<Routes['listWaitingList']> = {
  method: 'GET',
  path: '/api/v1/identity/admin/waiting-list',
  access: 'user',
};

/** Invite someone on the waiting list: a fresh single-use code sent by e-mail (audited) */
export const inviteFromWaitingList: BrowserRouteOf<Routes['inviteFromWaitingList']> = {
  method: 'POST',
  path: '/api/v1/identity/admin/waiting-list/:id/invite',
  access: 'user',
};

/** The member's data held by identity, for "Download my data" (the member is the token's subject) */
export const exportMyData: BrowserRouteOf<Routes['exportMyData']> = {
  method: 'GET',
  path: '/api/v1/identity/me/export',
  access: 'user',
};
