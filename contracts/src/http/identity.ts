import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { Notice, Uuid, Timestamp, NoContent } from './common.ts';

export {
  ADMIN_PANEL_PERMISSIONS,
  USERNAME_MIN,
  USERNAME_MAX,
  PASSWORD_MIN,
  PASSWORD_MAX,
  RESERVED_USERNAMES,
  type Permission,
} from './identity-rules.ts';
import { PASSWORD_MAX } from './identity-rules.ts';

/** Who signs MER access tokens and whom they are for: identity sets these, every verifier checks them. */
export const ACCESS_TOKEN_ISSUER = 'mer-identity';
export const ACCESS_TOKEN_AUDIENCE = 'mer';

/** Claims of a MER access token (EdDSA-signed JWT, verified against identity's key set). */
export const AccessTokenClaims = Type.Object({
  sub: Uuid,
  sid: Type.String({ description: 'refresh-token family (the session) this token belongs to' }),
  roles: Type.Array(Type.String()),
  perms: Type.Array(Type.String()),
  iat: Type.Integer(),
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
});
