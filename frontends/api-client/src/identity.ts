import type { InvitationValidation, LoginBody, Me, Session, SignupBody } from '@mer/contracts';
import { apiRequest } from './http.ts';
import { transport } from './transport.ts';
import { establishSession, SESSION_PATHS } from './session.ts';

export interface ServerNotice {
  title: string;
  message: string;
}

/** Identity's public paths (checked against the contracts by identity.test.ts). */
export const IDENTITY_PATHS = {
  validateInvitation: '/api/v1/identity/invitations/validate',
  joinWaitingList: '/api/v1/identity/waiting-list',
  usernameAvailability: '/api/v1/identity/usernames/:username/availability',
  signup: '/api/v1/identity/signup',
  createSession: SESSION_PATHS.create,
  refreshSession: SESSION_PATHS.refresh,
  deleteCurrentSession: SESSION_PATHS.current,
  requestPasswordReset: '/api/v1/identity/password-reset',
  verifyPasswordReset: '/api/v1/identity/password-reset/verify',
  confirmPasswordReset: '/api/v1/identity/password-reset/confirm',
  me: '/api/v1/identity/me',
  userPermissions: '/api/v1/identity/users/:id/permissions',
} as const;

export const identityApi = {
  validateInvitation(code: string): Promise<InvitationValidation> {
    return apiRequest('POST', IDENTITY_PATHS.validateInvitation, { access: 'public', body: { code } });
  },

  joinWaitingList(input: { name: string; email: string }): Promise<ServerNotice> {
    return apiRequest('POST', IDENTITY_PATHS.joinWaitingList, { access: 'public', body: input });
  },

  usernameAvailability(
    username: string,
    signal?: AbortSignal,
  ): Promise<{ available: boolean; reason?: string }> {
    const path = IDENTITY_PATHS.usernameAvailability.replace(':username', encodeURIComponent(username));
    return apiRequest('GET', path, { access: 'public', signal });
  },

  /** Creates the account and signs in with the returned session. */
  async signup(body: SignupBody): Promise<Session> {
    const session = await transport<Session>('POST', IDENTITY_PATHS.signup, { body });
    establishSession(session, { newSignIn: true });
    return session;
  },

  /** Logs in with an e-mail or username; the refresh token arrives as an HttpOnly cookie. */
  async login(body: LoginBody): Promise<Session> {
    const session = await transport<Session>('POST', IDENTITY_PATHS.createSession, { body });
    establishSession(session, { newSignIn: true });
    return session;
  },

  requestPasswordReset(identifier: string): Promise<ServerNotice> {
    return apiRequest('POST', IDENTITY_PATHS.requestPasswordReset, {
      access: 'public',
      body: { identifier },
    });
  },

  verifyPasswordReset(token: string): Promise<{ valid: boolean }> {
    return apiRequest('POST', IDENTITY_PATHS.verifyPasswordReset, { access: 'public', body: { token } });
  },

  confirmPasswordReset(input: {
    token: string;
    password: string;
    confirmPassword: string;
  }): Promise<ServerNotice> {
    return apiRequest('POST', IDENTITY_PATHS.confirmPasswordReset, { access: 'public', body: input });
  },

  me(): Promise<Me> {
    return apiRequest('GET', IDENTITY_PATHS.me);
  },

  userPermissions(userId: string): Promise<{ permissions: string[] }> {
    return apiRequest('GET', IDENTITY_PATHS.userPermissions.replace(':id', encodeURIComponent(userId)));
  },
};
