import {
  EmailChangeRequested,
  PasswordChanged,
  SessionsRevoked,
  type AccessTokenClaims,
} from '@mer/contracts';
import { DomainError, authenticationError, invalidData } from '@mer/service-runtime';
import { findAccountById, isEmailTaken, updatePasswordHash } from '../db/accounts.repository.ts';
import {
  addEmailConfirmationToken,
  cancelPasswordResetTokens,
  cancelPendingEmailChanges,
} from '../db/one-time-tokens.repository.ts';
import { revokeFamiliesOfUser } from '../db/sessions.repository.ts';
import type { Account } from '../db/tables.ts';
import { isValidEmail, normaliseEmail } from '../domain/email.ts';
import { Lifetimes } from '../domain/lifetimes.ts';
import { assertNewPasswordAccepted } from '../domain/password.ts';
import { Texts } from '../domain/texts.ts';
import { newOpaqueToken } from '../adapters/opaque-tokens.ts';
import { siteLink } from '../domain/site-link.ts';
import type { IdentityDeps } from '../deps.ts';

type Notice = { title: string; message: string };

/**
 * Checks the current password before a sensitive change. Wrong guesses count against the same
 * per-account and per-IP limits as logins: a stolen access token must not become a way to guess
 * the password at full speed.
 */
async function provePassword(
  deps: Pick<IdentityDeps, 'db' | 'throttle' | 'passwords'>,
  userId: string,
  password: string,
  ip: string,
): Promise<Account> {
  const account = await findAccountById(deps.db, userId);
  if (!account) throw authenticationError();
  const attempt = { account: account.id, ip };
  await deps.throttle.assertAllowed(attempt);
  if (!password || !(await deps.passwords.verify(account.password_hash, password))) {
    await deps.throttle.recordFailure(attempt);
    throw new DomainError('invalid_data', {
      ...Texts.currentPasswordWrong,
      fields: [{ field: 'body.currentPassword', message: Texts.currentPasswordWrong.message }],
    });
  }
  return account;
}

/**
 * Asks to move the account to a new address. Nothing changes until the link sent to the new
 * address is opened (confirmEmail), so a typo cannot lock anyone out.
 */
export async function changeEmail(
  deps: IdentityDeps,
  caller: AccessTokenClaims,
  input: { newEmail: string; currentPassword: string; ip: string },
): Promise<Notice> {
  const newEmail = normaliseEmail(input.newEmail);
  if (!newEmail || !input.currentPassword) {
    throw invalidData(
      'Missing information',
      'Please enter your new email address and your current password.',
      !newEmail ? 'body.newEmail' : 'body.currentPassword',
    );
  }
  if (!isValidEmail(newEmail))
    throw invalidData(Texts.invalidEmail.title, Texts.invalidEmail.message, 'body.newEmail');
  const account = await provePassword(deps, caller.sub, input.currentPassword, input.ip);
  if (account.email === newEmail)
    throw invalidData(Texts.emailUnchanged.title, Texts.emailUnchanged.message, 'body.newEmail');
  if (await isEmailTaken(deps.db, newEmail)) {
    throw new DomainError('duplicate_entry', {
      title: Texts.emailTaken.title,
      message: 'An account with this email address already exists.',
      fields: [{ field: 'body.newEmail', message: 'An account with this email address already exists.' }],
    });
  }
  const token = newOpaqueToken();
  await deps.transaction(async (tx) => {
    await cancelPendingEmailChanges(tx.trx, account.id);
    await addEmailConfirmationToken(tx.trx, {
      hash: token.hash,
      userId: account.id,
      email: newEmail,
      purpose: 'change',
      expiresAt: new Date(Date.now() + Lifetimes.emailChangeConfirmationMs),
    });
    await tx.publish(EmailChangeRequested, {
      userId: account.id,
      name: account.name,
      newEmail,
      confirmationUrl: siteLink(deps.config.PUBLIC_URL, 'confirm-email', token.token),
    });
  });
  return { ...Texts.emailChangeRequested };
}

/** Changes the password (the current one is needed). This session stays; every other one ends. */
export async function changePassword(
  deps: IdentityDeps,
  caller: AccessTokenClaims,
  input: { currentPassword: string; newPassword: string; confirmPassword: string; ip: string },
): Promise<Notice> {
  if (!input.currentPassword || !input.newPassword || !input.confirmPassword) {
    const field = !input.currentPassword
      ? 'body.currentPassword'
      : !input.newPassword
        ? 'body.newPassword'
        : 'body.confirmPassword';
    throw invalidData(
      'Missing information',
      'Please enter your current password and your new password twice.',
      field,
    );
  }
  assertNewPasswordAccepted(input.newPassword, input.confirmPassword, 'body.newPassword');
  const account = await provePassword(deps, caller.sub, input.currentPassword, input.ip);
  const passwordHash = await deps.passwords.hash(input.newPassword);
  await deps.transaction(async (tx) => {
    await updatePasswordHash(tx.trx, account.id, passwordHash);
    await cancelPasswordResetTokens(tx.trx, account.id);
    const ended = await revokeFamiliesOfUser(tx.trx, account.id, 'password_change', caller.sid);
    await tx.publish(PasswordChanged, {
      userId: account.id,
      email: account.email,
      name: account.name,
      reason: 'change',
    });
    if (ended > 0) await tx.publish(SessionsRevoked, { userId: account.id, reason: 'password_change' });
  });
  return { ...Texts.passwordChanged };
}
