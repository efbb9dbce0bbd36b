import type { LoginBody, Session, SignupBody } from '@mer/contracts';
import { identity } from '@mer/contracts/browser';
import { call, establishSession } from '@mer/api-client';

/*
 * The access remote's calls to identity: typed by the contracts' route table, sent by `call`. Pages and
 * components use these (`import * as identityApi from '../api/identity.ts'`), never the transport.
 * The visitor's pages stay free of the query library on purpose: the access remote serves the first page
 * visitors load, and a remote loads every shared module its pages import statically (frontends/README.md).
 */

export function validateInvitation(code: string) {
  return call(identity.validateInvitation, { body: { code } });
}

export function joinWaitingList(input: { name: string; email: string }) {
  return call(identity.joinWaitingList, { body: input });
}

export function usernameAvailability(username: string, signal?: AbortSignal) {
  return call(identity.usernameAvailability, { params: { username }, signal });
}

/** Creates the account and signs in with the returned session. */
export async function signup(body: SignupBody): Promise<Session> {
  const session = await call(identity.signup, { body });
  establishSession(session, { newSignIn: true });
  return session;
}

/** Logs in with an e-mail or username; the refresh token arrives as an HttpOnly cookie. */
export async function login(body: LoginBody): Promise<Session> {
  const session = await call(identity.createSession, { body });
  establishSession(session, { newSignIn: true });
  return session;
}

export function requestPasswordReset(identifier: string) {
  return call(identity.requestPasswordReset, { body: { identifier } });
}

export function verifyPasswordReset(token: string) {
  return call(identity.verifyPasswordReset, { body: { token } });
}

export function confirmPasswordReset(input: { token: string; password: string; confirmPassword: string }) {
  return call(identity.confirmPasswordReset, { body: input });
}
