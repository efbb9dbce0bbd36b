import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { Notice, Uuid, Timestamp, NoContent } from './common.ts';

export {
  ADMIN_PANEL_PERMISSIONS,
  COMMUNITY_ROLES,
  MEMBER_ADMIN_PERMISSIONS,
  PERMISSION_GRANT_PERMISSIONS,
  MEMBER_DELETE_PERMISSIONS,
  INVITATION_ADMIN_PERMISSIONS,
  type CommunityRole,
  USERNAME_MIN,
  USERNAME_MAX,
  PASSWORD_MIN,
  PASSWORD_MAX,
  RESERVED_USERNAMES,
  type Permission,
} from './identity-rules.ts';
import {
  ADMIN_PANEL_PERMISSIONS,
  COMMUNITY_ROLES,
  INVITATION_ADMIN_PERMISSIONS,
  MEMBER_ADMIN_PERMISSIONS,
  MEMBER_DELETE_PERMISSIONS,
  PASSWORD_MAX,
  PERMISSION_GRANT_PERMISSIONS,
} from './identity-rules.ts';

/** Who signs MER access tokens and whom they are for: identity sets these, every verifier checks them. */
export const ACCESS_TOKEN_ISSUER = 'mer-identity';
export const ACCESS_TOKEN_AUDIENCE = 'mer';
/**
 * The longest an access token may live (identity's ACCESS_TOKEN_TTL_SECONDS cannot exceed it). The gateway keeps a
 * revocation this long: after it, every token issued before the revocation has expired anyway.
 */
export const ACCESS_TOKEN_MAX_TTL_SECONDS = 3600;

/** Claims of a MER access token (EdDSA-signed JWT, verified against identity's key set). */
export const AccessTokenClaims = Type.Object({
  sub: Uuid,
  sid: Type.String({ description: 'refresh-token family (the session) this token belongs to' }),
  roles: Type.Array(Type.String()),
  perms: Type.Array(Type.String()),
  iat: Type.Integer(),
  /**
   * When it was issued, in milliseconds (iat is whole seconds): the gateway refuses tokens issued before a
   * revocation (suspension, ended sessions) and must tell those from tokens issued just after it in the same second.
   */
  iat_ms: Type.Optional(Type.Integer()),
  exp: Type.Integer(),
});
export type AccessTokenClaims = Static<typeof AccessTokenClaims>;

export const Me = Type.Object(
  {
    id: Uuid,
    email: Type.String(),
    emailConfirmed: Type.Boolean(),
    name: Type.String(),
    username: Type.String(),
    roles: Type.Array(Type.String()),
    permissions: Type.Array(Type.String()),
    isAdmin: Type.Boolean({
      description: "the account has an active admin_users record (the spec's admin status)",
    }),
    createdAt: Timestamp,
  },
  { $id: 'Me' },
);
export type Me = Static<typeof Me>;

export const Session = Type.Object(
  {
    accessToken: Type.String(),
    tokenType: Type.Literal('Bearer'),
    expiresIn: Type.Integer({ description: 'seconds until the access token expires' }),
    expiresAt: Timestamp,
    user: Me,
  },
  { $id: 'Session' },
);
export type Session = Static<typeof Session>;

export const Discount = Type.Object({ percentOff: Type.Integer({ minimum: 1, maximum: 100 }) });

export const InvitationValidation = Type.Object({
  valid: Type.Boolean(),
  code: Type.Optional(Type.String()),
  discount: Type.Optional(Discount),
  error: Type.Optional(Type.String()),
});
export type InvitationValidation = Static<typeof InvitationValidation>;

export const NewInvitation = Type.Object({
  maxUses: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  discountPercent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  expiresAt: Type.Optional(Timestamp),
});
export const Invitation = Type.Object({
  code: Type.String(),
  maxUses: Type.Integer(),
  usesCount: Type.Integer(),
  discountPercent: Type.Union([Type.Integer(), Type.Null()]),
  expiresAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  /** When an admin disabled the code (it admits nobody since); null while it works. */
  disabledAt: Type.Optional(Type.Union([Timestamp, Type.Null()])),
});
export type Invitation = Static<typeof Invitation>;

const ShortText = (max: number) => Type.String({ maxLength: max });
const Password = Type.String({ maxLength: PASSWORD_MAX });

export const SignupBody = Type.Object(
  {
    invitationCode: ShortText(64),
    name: ShortText(100),
    username: ShortText(64),
    email: ShortText(254),
    password: Password,
    confirmPassword: Password,
  },
  { additionalProperties: false },
);
export type SignupBody = Static<typeof SignupBody>;

export const LoginBody = Type.Object(
  { identifier: ShortText(254), password: Password, rememberMe: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/* The Admin Panel's member, invitation and waiting-list tools (issue 20). */

const PermissionName = Type.Union(ADMIN_PANEL_PERMISSIONS.map((p) => Type.Literal(p)));
const CommunityRoleName = Type.Union(COMMUNITY_ROLES.map((r) => Type.Literal(r)));
const Paging = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
};

export const MemberQuery = Type.Object(
  {
    /** Part of the name, username or e-mail. */
    q: Type.Optional(Type.String({ maxLength: 100 })),
    role: Type.Optional(Type.String({ maxLength: 40 })),
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('suspended')])),
    ...Paging,
  },
  { additionalProperties: false },
);
export type MemberQuery = Static<typeof MemberQuery>;

export const MemberSummary = Type.Object({
  id: Uuid,
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  roles: Type.Array(Type.String()),
  isAdmin: Type.Boolean(),
  facilitator: Type.Boolean(),
  suspended: Type.Boolean(),
  createdAt: Timestamp,
});
export type MemberSummary = Static<typeof MemberSummary>;

export const MemberList = Type.Object({ members: Type.Array(MemberSummary), total: Type.Integer() });
export type MemberList = Static<typeof MemberList>;

export const MemberAccount = Type.Object(
  {
    ...MemberSummary.properties,
    emailConfirmed: Type.Boolean(),
    /** Every permission the member holds (from roles and direct grants). */
    permissions: Type.Array(Type.String()),
    /** Permissions granted to the member directly; only these can be revoked one by one. */
    grantedPermissions: Type.Array(Type.String()),
    activeSessions: Type.Integer({ minimum: 0 }),
    suspendedAt: Type.Union([Timestamp, Type.Null()]),
  },
  { $id: 'MemberAccount' },
);
export type MemberAccount = Static<typeof MemberAccount>;

const MemberParams = Type.Object({ id: Uuid });

export const InvitationList = Type.Object({ invitations: Type.Array(Invitation), total: Type.Integer() });
export type InvitationList = Static<typeof InvitationList>;

export const WaitingListEntry = Type.Object({
  id: Uuid,
  name: Type.String(),
  email: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('invited'), Type.Literal('declined')]),
  createdAt: Timestamp,
});
export type WaitingListEntry = Static<typeof WaitingListEntry>;
export const WaitingList = Type.Object({ entries: Type.Array(WaitingListEntry), total: Type.Integer() });
export type WaitingList = Static<typeof WaitingList>;

export const identityRoutes = defineRoutes('identity', {
  jwks: {
    method: 'GET',
    path: '/api/v1/identity/.well-known/jwks.json',
    summary: 'Public keys that verify MER access tokens',
    access: { kind: 'public' },
    response: {
      200: Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) }),
    },
  },
  validateInvitation: {
    method: 'POST',
    path: '/api/v1/identity/invitations/validate',
    summary: 'Check an invitation code (upper-cased) and return its discount',
    access: { kind: 'public' },
    rateLimit: 'sensitive',
    body: Type.Object({ code: ShortText(64) }, { additionalProperties: false }),
    response: { 200: InvitationValidation },
  },
  joinWaitingList: {
    method: 'POST',
    path: '/api/v1/identity/waiting-list',
    summary: 'Register on the waiting list (no second row for the same e-mail)',
    access: { kind: 'public' },
    rateLimit: 'sensitive',
    body: Type.Object({ name: ShortText(100), email: ShortText(254) }, { additionalProperties: false }),
    response: { 201: Notice },
  },
  usernameAvailability: {
    method: 'GET',
    path: '/api/v1/identity/usernames/:username/availability',
    summary: 'Whether a username can be taken, and why not',
    access: { kind: 'public' },
    params: Type.Object({ username: ShortText(200) }),
    response: {
      200: Type.Object({ available: Type.Boolean(), reason: Type.Optional(Type.String()) }),
    },
  },
  signup: {
    method: 'POST',
    path: '/api/v1/identity/signup',
    summary: 'Create an account with an invitation code; returns a session',
    access: { kind: 'public' },
    rateLimit: 'sensitive',
    body: SignupBody,
    response: { 201: Session },
  },
  createSession: {
    method: 'POST',
    path: '/api/v1/identity/sessions',
    summary: 'Log in with e-mail or username; refresh token set as an HttpOnly cookie',
    access: { kind: 'public' },
    rateLimit: 'sensitive',
    body: LoginBody,
    response: { 200: Session },
  },
  refreshSession: {
    method: 'POST',
    path: '/api/v1/identity/sessions/refresh',
    summary: 'Rotate the refresh token (cookie) and return a new access token',
    access: { kind: 'public' },
    response: { 200: Session },
  },
  deleteCurrentSession: {
    method: 'DELETE',
    path: '/api/v1/identity/sessions/current',
    summary: 'Sign out: revoke this session and clear the cookie',
    access: { kind: 'public' },
    response: { 204: NoContent },
  },
  revokeAllSessions: {
    method: 'POST',
    path: '/api/v1/identity/admin/sessions/revoke-all',
    summary: 'End every session of every member (admin tool "end all sessions")',
    access: { kind: 'permission', anyOf: ['system_admin'] },
    response: { 200: Type.Object({ message: Type.String(), revokedSessions: Type.Integer() }) },
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/v1/identity/password-reset',
    summary: 'Send a reset link; the answer never tells whether the account exists',
    access: { kind: 'public' },
    rateLimit: 'sensitive',
    body: Type.Object({ identifier: ShortText(254) }, { additionalProperties: false }),
    response: { 202: Notice },
  },
  verifyPasswordReset: {
    method: 'POST',
    path: '/api/v1/identity/password-reset/verify',
    summary: 'Whether a reset link is still valid (the reset page checks before showing the form)',
    access: { kind: 'public' },
    rateLimit: 'sensitive',
    body: Type.Object({ token: ShortText(200) }, { additionalProperties: false }),
    response: { 200: Type.Object({ valid: Type.Boolean() }) },
  },
  confirmPasswordReset: {
    method: 'POST',
    path: '/api/v1/identity/password-reset/confirm',
    summary: 'Set a new password with a single-use reset token (1 hour); ends all sessions',
    access: { kind: 'public' },
    rateLimit: 'sensitive',
    body: Type.Object(
      { token: ShortText(200), password: Password, confirmPassword: Password },
      { additionalProperties: false },
    ),
    response: { 200: Notice },
  },
  confirmEmail: {
    method: 'POST',
    path: '/api/v1/identity/email-confirmations',
    summary: 'Confirm an e-mail address (sign-up or change) with the token from the e-mail',
    access: { kind: 'public' },
    rateLimit: 'sensitive',
    body: Type.Object({ token: ShortText(200) }, { additionalProperties: false }),
    response: { 200: Type.Object({ email: Type.String(), title: Type.String(), message: Type.String() }) },
  },
  me: {
    method: 'GET',
    path: '/api/v1/identity/me',
    summary: 'The signed-in account',
    access: { kind: 'user' },
    response: { 200: Me },
  },
  changeEmail: {
    method: 'POST',
    path: '/api/v1/identity/me/email',
    summary: 'Request an e-mail change; it takes effect when the link sent to the new address is opened',
    access: { kind: 'user' },
    body: Type.Object(
      { newEmail: ShortText(254), currentPassword: Password },
      { additionalProperties: false },
    ),
    response: { 202: Notice },
  },
  changePassword: {
    method: 'POST',
    path: '/api/v1/identity/me/password',
    summary: 'Change the password (needs the current one); other sessions end',
    access: { kind: 'user' },
    body: Type.Object(
      { currentPassword: Password, newPassword: Password, confirmPassword: Password },
      { additionalProperties: false },
    ),
    response: { 200: Notice },
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/api/v1/identity/me',
    summary: 'Delete the signed-in account; every service removes its data on identity.user.deleted.v1',
    access: { kind: 'user' },
    response: { 200: Notice },
  },
  userPermissions: {
    method: 'GET',
    path: '/api/v1/identity/users/:id/permissions',
    summary: 'Permission names of a user (self, or an admin with users_update or system_admin)',
    access: { kind: 'user' },
    params: Type.Object({ id: Uuid }),
    response: { 200: Type.Object({ permissions: Type.Array(Type.String()) }) },
  },
  createInvitation: {
    method: 'POST',
    path: '/api/v1/identity/admin/invitations',
    summary: 'Create an invitation code (admins)',
    access: { kind: 'permission', anyOf: ['system_admin', 'users_create'] },
    body: NewInvitation,
    response: { 201: Invitation },
  },
  operatorCreateInvitation: {
    method: 'POST',
    path: '/api/v1/identity/operator/invitations',
    summary: 'Create an invitation code with the installation operator key (npm run admin)',
    access: { kind: 'operator' },
    body: NewInvitation,
    response: { 201: Invitation },
  },
  listMembers: {
    method: 'GET',
    path: '/api/v1/identity/admin/members',
    summary: 'Members, newest first, searched and filtered on the server (admins)',
    access: { kind: 'permission', anyOf: MEMBER_ADMIN_PERMISSIONS },
    querystring: MemberQuery,
    response: { 200: MemberList },
  },
  memberAccount: {
    method: 'GET',
    path: '/api/v1/identity/admin/members/:id',
    summary: "One member's account: roles, permissions, admin record, sessions, suspension",
    access: { kind: 'permission', anyOf: MEMBER_ADMIN_PERMISSIONS },
    params: MemberParams,
    response: { 200: MemberAccount },
  },
  grantPermission: {
    method: 'PUT',
    path: '/api/v1/identity/admin/members/:id/permissions/:permission',
    summary: 'Grant a member one permission (audited; takes effect at their next token)',
    access: { kind: 'permission', anyOf: PERMISSION_GRANT_PERMISSIONS },
    params: Type.Object({ id: Uuid, permission: PermissionName }),
    response: { 200: MemberAccount },
  },
  revokePermission: {
    method: 'DELETE',
    path: '/api/v1/identity/admin/members/:id/permissions/:permission',
    summary: 'Revoke a permission granted to a member directly (audited)',
    access: { kind: 'permission', anyOf: PERMISSION_GRANT_PERMISSIONS },
    params: Type.Object({ id: Uuid, permission: PermissionName }),
    response: { 200: MemberAccount },
  },
  setAdminRecord: {
    method: 'PUT',
    path: '/api/v1/identity/admin/members/:id/admin-record',
    summary: "Activate or deactivate the member's admin_users record (audited)",
    access: { kind: 'permission', anyOf: PERMISSION_GRANT_PERMISSIONS },
    params: MemberParams,
    body: Type.Object({ active: Type.Boolean() }, { additionalProperties: false }),
    response: { 200: MemberAccount },
  },
  setCommunityRole: {
    method: 'PUT',
    path: '/api/v1/identity/admin/members/:id/roles/:role',
    summary: 'Give or take a community role: coach, mentor, community_leader (audited)',
    access: { kind: 'permission', anyOf: MEMBER_ADMIN_PERMISSIONS },
    params: Type.Object({ id: Uuid, role: CommunityRoleName }),
    body: Type.Object({ held: Type.Boolean() }, { additionalProperties: false }),
    response: { 200: MemberAccount },
  },
  setFacilitator: {
    method: 'PUT',
    path: '/api/v1/identity/admin/members/:id/facilitator',
    summary: 'Set or clear the facilitator flag (audited)',
    access: { kind: 'permission', anyOf: MEMBER_ADMIN_PERMISSIONS },
    params: MemberParams,
    body: Type.Object({ facilitator: Type.Boolean() }, { additionalProperties: false }),
    response: { 200: MemberAccount },
  },
  setSuspension: {
    method: 'PUT',
    path: '/api/v1/identity/admin/members/:id/suspension',
    summary: 'Suspend (sessions end at once, log-in refused) or unsuspend a member (audited)',
    access: { kind: 'permission', anyOf: MEMBER_ADMIN_PERMISSIONS },
    params: MemberParams,
    body: Type.Object({ suspended: Type.Boolean() }, { additionalProperties: false }),
    response: { 200: MemberAccount },
  },
  endMemberSessions: {
    method: 'POST',
    path: '/api/v1/identity/admin/members/:id/sessions/revoke',
    summary: 'End every session of one member; their open tabs sign out through /ws (audited)',
    access: { kind: 'permission', anyOf: MEMBER_ADMIN_PERMISSIONS },
    params: MemberParams,
    response: { 200: Type.Object({ message: Type.String(), revokedSessions: Type.Integer() }) },
  },
  deleteMember: {
    method: 'DELETE',
    path: '/api/v1/identity/admin/members/:id',
    summary: "Delete a member's account through the deletion flow (identity.user.deleted.v1; audited)",
    access: { kind: 'permission', anyOf: MEMBER_DELETE_PERMISSIONS },
    params: MemberParams,
    response: { 200: Notice },
  },
  listInvitations: {
    method: 'GET',
    path: '/api/v1/identity/admin/invitations',
    summary: 'Invitation codes with their usage, newest first',
    access: { kind: 'permission', anyOf: INVITATION_ADMIN_PERMISSIONS },
    querystring: Type.Object(Paging, { additionalProperties: false }),
    response: { 200: InvitationList },
  },
  disableInvitation: {
    method: 'POST',
    path: '/api/v1/identity/admin/invitations/:code/disable',
    summary: 'Disable an invitation code: it admits nobody from now on (audited)',
    access: { kind: 'permission', anyOf: INVITATION_ADMIN_PERMISSIONS },
    params: Type.Object({ code: ShortText(64) }),
    response: { 200: Invitation },
  },
  listWaitingList: {
    method: 'GET',
    path: '/api/v1/identity/admin/waiting-list',
    summary: 'The waiting list, oldest first (pending first)',
    access: { kind: 'permission', anyOf: INVITATION_ADMIN_PERMISSIONS },
    querystring: Type.Object(Paging, { additionalProperties: false }),
    response: { 200: WaitingList },
  },
  inviteFromWaitingList: {
    method: 'POST',
    path: '/api/v1/identity/admin/waiting-list/:id/invite',
    summary: 'Invite someone on the waiting list: a fresh single-use code sent by e-mail (audited)',
    access: { kind: 'permission', anyOf: INVITATION_ADMIN_PERMISSIONS },
    params: Type.Object({ id: Uuid }),
    response: { 200: Type.Object({ entry: WaitingListEntry, invitation: Invitation }) },
  },
});
