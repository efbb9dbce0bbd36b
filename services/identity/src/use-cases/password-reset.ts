import { EmailConfirmed, PasswordChanged, PasswordResetRequested, SessionsRevoked } from '@mer/contracts';
import { DomainError, invalidData } from '@mer/service-runtime';
import { findAccountById, markEmailConfirmed, updatePasswordHash } from '../db/accounts.repository.ts';
import {
  addPasswordResetToken,
  cancelPasswordResetTokens,
  isPasswordResetTokenUsable,
  usePasswordResetToken,
} from '../db/one-time-tokens.repository.ts';
import { revokeFamiliesOfUser } from '../db/sessions.repository.ts';
import { parseIdentifier } from '../domain/identifier.ts';
import { Lifetimes } from '../domain/lifetimes.ts';
import { assertNewPasswordAccepted, newPasswordProblem } from '../domain/password.ts';
import { Texts } from '../domain/texts.ts';
import { hashOpaqueToken, looksLikeOpaqueToken, newOpaqueToken } from '../adapters/opaque-tokens.ts';
import { siteLink } from '../domain/site-link.ts';
import type { IdentityDeps } from '../deps.ts';
import { findAccountByIdentifier } from './find-account.ts';

type Notice = { title: string; message: string };

/**
 * Sends a reset link if the e-mail or username belongs to an account. The answer is the same
 * either way, so the form cannot be used to find out who is a member. A few links per hour per
 * account at most, so nobody can flood a member's inbox.
 */
export async function requestPasswordReset(
  deps: Pick<IdentityDeps, 'db' | 'store' | 'config' | 'transaction' | 'log'>,
  rawIdentifier: string,
): Promise<Notice> {
  const identifier = parseIdentifier(rawIdentifier);
  if (!identifier)
    throw invalidData(
      Texts.resetIdentifierMissing.title,
      Texts.resetIdentifierMissing.message,
      'body.identifier',
    );
  const account = await findAccountByIdentifier(deps.db, identifier);
  if (account) {
    const { count } = await deps.store.increment(`identity:password-resets:${account.id}`, 60 * 60 * 1000);
    if (count <= deps.config.PASSWORD_RESET_MAX_PER_HOUR) {
      const token = newOpaqueToken();
      const expiresAt = new Date(Date.now() + Lifetimes.passwordResetMs);
      await deps.transaction(async (tx) => {
        await addPasswordResetToken(tx.trx, { hash: token.hash, userId: account.id, expiresAt });
        await tx.publish(PasswordResetRequested, {
          userId: account.id,
          email: account.email,
          name: account.name,
          resetUrl: siteLink(deps.config.PUBLIC_URL, 'reset-password', token.token),
          expiresAt: expiresAt.toISOString(),
        });
      });
    } else {
      deps.log.warn({ userId: account.id }, 'password reset requested too often; no e-mail sent');
    }
  }
  return { ...Texts.resetEmailSent };
}

/** Whether a reset link still works; the reset page asks before showing the form. Does not use it. */
export async function verifyPasswordReset(
  deps: Pick<IdentityDeps, 'db'>,
  token: string,
): Promise<{ valid: boolean }> {
  if (!looksLikeOpaqueToken(token)) return { valid: false };
  return { valid: await isPasswordResetTokenUsable(deps.db, hashOpaqueToken(token)) };
}

const invalidLink = () =>
  new DomainError('invalid_data', {
    ...Texts.resetLinkInvalid,
    fields: [{ field: 'body.token', message: Texts.resetLinkInvalid.message }],
  });

/**
 * Sets a new password with a reset link (single use, one hour). Every session of the account
 * ends: whoever knew the old password is signed out everywhere.
 */
export async function confirmPasswordReset(
  deps: Pick<IdentityDeps, 'transaction' | 'log' | 'passwords'>,
  input: { token: string; password: string; confirmPassword: string },
): Promise<Notice> {
  const problem = newPasswordProblem(input.password, input.confirmPassword);
  if (problem === 'missing')
    throw invalidData(
      Texts.resetMissing.title,
      Texts.resetMissing.message,
      !input.password ? 'body.password' : 'body.confirmPassword',
    );
  assertNewPasswordAccepted(input.password, input.confirmPassword, 'body.password');
  if (!looksLikeOpaqueToken(input.token)) throw invalidLink();

  const passwordHash = await deps.passwords.hash(input.password);
  const userId = await deps.transaction(async (tx) => {
    const used = await usePasswordResetToken(tx.trx, hashOpaqueToken(input.token));
    if (!used) throw invalidLink();
    const account = await findAccountById(tx.trx, used.userId);
    if (!account) throw invalidLink();
    await updatePasswordHash(tx.trx, account.id, passwordHash);
    await cancelPasswordResetTokens(tx.trx, account.id);
    // The link arrived in the account's mailbox, which proves the address.
    if (await markEmailConfirmed(tx.trx, account.id, account.email)) {
      await tx.publish(EmailConfirmed, { userId: account.id, email: account.email });
    }
    await revokeFamiliesOfUser(tx.trx, account.id, 'password_reset');
    await tx.publish(PasswordChanged, {
      userId: account.id,
      email: account.email,
      name: account.name,
      reason: 'reset',
    });
    await tx.publish(SessionsRevoked, { userId: account.id, reason: 'password_reset' });
    return account.id;
  });
  deps.log.info({ userId }, 'password reset; all sessions revoked');
  return { ...Texts.passwordUpdatedByReset };
}
