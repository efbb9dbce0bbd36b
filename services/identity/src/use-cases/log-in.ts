import { DomainError, invalidData } from '@mer/service-runtime';
import { parseIdentifier } from '../domain/identifier.ts';
import { Texts } from '../domain/texts.ts';
import { hashOpaqueToken } from '../adapters/opaque-tokens.ts';
import type { IdentityDeps } from '../deps.ts';
import { findAccountByIdentifier } from './find-account.ts';
import { openSession, type IssuedSession } from './sessions.ts';

export const accountSuspended = () =>
  new DomainError('permission_denied', {
    title: Texts.accountSuspended.title,
    message: Texts.accountSuspended.message,
  });
export const loginFailed = () => new DomainError('authentication_error', Texts.loginFailed);

/**
 * Logs in with an e-mail or a username. Every failure gives the same answer in about the same
 * time (a dummy hash is checked when nobody has that identifier), so nothing tells an attacker
 * whether the account or the password was wrong.
 */
export async function logIn(
  deps: IdentityDeps,
  input: { identifier: string; password: string; rememberMe?: boolean | undefined; ip: string },
): Promise<IssuedSession> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier || !input.password) {
    throw invalidData(
      'Missing information',
      'Please enter your email or username and your password.',
      !identifier ? 'body.identifier' : 'body.password',
    );
  }
  const account = await findAccountByIdentifier(deps.db, identifier);
  const attempt = {
    // Unknown identifiers are throttled too (hashed: they are arbitrary text of any length).
    account:
      account?.id ??
      `unknown:${hashOpaqueToken(identifier.kind === 'email' ? identifier.email : identifier.username)}`,
    ip: input.ip,
  };
  await deps.throttle.assertAllowed(attempt);
  const valid = account
    ? await deps.passwords.verify(account.password_hash, input.password)
    : await deps.passwords.verifyAgainstDummy(input.password);
  if (!account || !valid) {
    await deps.throttle.recordFailure(attempt);
    throw loginFailed();
  }
  // Only after the password proved who it is: the answer tells nobody else that the account exists.
  if (account.suspended_at) throw accountSuspended();
  return deps.transaction((tx) => openSession(deps, tx, account, input.rememberMe === true));
}
