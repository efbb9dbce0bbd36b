import { randomUUID } from 'node:crypto';
import { UserRegistered, type SignupBody } from '@mer/contracts';
import { DomainError, invalidData, type FieldProblem } from '@mer/service-runtime';
import {
  AccountConflictError,
  insertAccount,
  isEmailTaken,
  isUsernameTaken,
} from '../db/accounts.repository.ts';
import { findUsableInvitation, useInvitation } from '../db/invitations.repository.ts';
import { addEmailConfirmationToken } from '../db/one-time-tokens.repository.ts';
import { grantRole, Roles } from '../db/roles.repository.ts';
import { isValidEmail, normaliseEmail } from '../domain/email.ts';
import { couldBeInvitationCode, normaliseInvitationCode } from '../domain/invitation-code.ts';
import { Lifetimes } from '../domain/lifetimes.ts';
import { nameProblem, normaliseName } from '../domain/name.ts';
import { newPasswordProblem } from '../domain/password.ts';
import { Texts } from '../domain/texts.ts';
import { normaliseUsername, usernameProblem, UsernameReasons } from '../domain/username.ts';
import { newOpaqueToken } from '../adapters/opaque-tokens.ts';
import { siteLink } from '../domain/site-link.ts';
import type { IdentityDeps, IdentityTx } from '../deps.ts';
import { openSession, type IssuedSession } from './sessions.ts';

const SIGNUP_FIELDS = ['invitationCode', 'name', 'username', 'email', 'password', 'confirmPassword'] as const;
// Passwords are taken exactly as typed: a password of spaces is a (weak) password, not a missing one.
const PASSWORD_FIELDS = new Set<string>(['password', 'confirmPassword']);

const usernameTaken = () =>
  new DomainError('duplicate_entry', {
    title: Texts.usernameNotAvailable,
    message: UsernameReasons.taken,
    fields: [{ field: 'body.username', message: UsernameReasons.taken }],
  });
const emailTaken = () =>
  new DomainError('duplicate_entry', {
    ...Texts.emailTaken,
    fields: [{ field: 'body.email', message: Texts.emailTaken.message }],
  });
const invalidInvitation = () =>
  invalidData(Texts.invalidInvitationCode.title, Texts.invalidInvitationCode.message, 'body.invitationCode');

/**
 * Creates an account with an invitation code and signs it in. The code's use is counted in the
 * same transaction as the account insert, by one conditional UPDATE, so a code with N uses admits
 * exactly N people however many sign up at once; a failed insert gives the use back (rollback).
 */
export async function signUp(deps: IdentityDeps, body: SignupBody): Promise<IssuedSession> {
  const missing = SIGNUP_FIELDS.filter((field) =>
    PASSWORD_FIELDS.has(field) ? !body[field] : !body[field].trim(),
  ).map((field): FieldProblem => ({ field: `body.${field}`, message: 'is required' }));
  if (missing.length) throw new DomainError('invalid_data', { ...Texts.missingFields, fields: missing });

  const code = normaliseInvitationCode(body.invitationCode);
  const name = normaliseName(body.name);
  const username = normaliseUsername(body.username);
  const email = normaliseEmail(body.email);

  const badName = nameProblem(name);
  if (badName) throw invalidData(Texts.invalidName, badName, 'body.name');
  const badUsername = usernameProblem(username);
  if (badUsername) throw invalidData(Texts.usernameNotAvailable, badUsername, 'body.username');
  if (!isValidEmail(email))
    throw invalidData(Texts.invalidEmail.title, Texts.invalidEmail.message, 'body.email');
  const badPassword = newPasswordProblem(body.password, body.confirmPassword);
  if (badPassword === 'too_short')
    throw invalidData(Texts.passwordTooShort.title, Texts.passwordTooShort.message, 'body.password');
  if (badPassword === 'mismatch') {
    throw invalidData(
      Texts.signupPasswordsDoNotMatch.title,
      Texts.signupPasswordsDoNotMatch.message,
      'body.confirmPassword',
    );
  }

  // Friendly early answers; the transaction below re-checks all three under the constraints.
  if (!couldBeInvitationCode(code) || !(await findUsableInvitation(deps.db, code))) throw invalidInvitation();
  if (await isUsernameTaken(deps.db, username)) throw usernameTaken();
  if (await isEmailTaken(deps.db, email)) throw emailTaken();

  const passwordHash = await deps.passwords.hash(body.password);
  try {
    return await deps.transaction(async (tx) => {
      const invitation = await useInvitation(tx.trx, code);
      if (!invitation) throw invalidInvitation();
      const account = await insertAccount(tx.trx, {
        id: randomUUID(),
        email,
        username,
        name,
        password_hash: passwordHash,
        invitation_code: invitation.code,
      });
      await grantRole(tx.trx, account.id, Roles.member);
      await announceRegistration(deps, tx, account, invitation.discount_percent);
      return openSession(deps, tx, account, false);
    });
  } catch (err) {
    // Lost a race for the username or e-mail: the rollback also gave the invitation use back.
    if (err instanceof AccountConflictError) throw err.field === 'username' ? usernameTaken() : emailTaken();
    throw err;
  }
}

/**
 * Tells the other services a new account exists (identity.user.registered.v1, with the one-time
 * link that confirms its e-mail), in the transaction that created it. Every account goes through
 * here, the first admin's too, so every service keeps its own copy of every member.
 */
export async function announceRegistration(
  deps: Pick<IdentityDeps, 'config'>,
  tx: IdentityTx,
  account: { id: string; email: string; name: string; username: string; created_at: Date },
  discountPercent: number | null,
): Promise<void> {
  const confirmation = newOpaqueToken();
  await addEmailConfirmationToken(tx.trx, {
    hash: confirmation.hash,
    userId: account.id,
    email: account.email,
    purpose: 'signup',
    expiresAt: new Date(Date.now() + Lifetimes.signupConfirmationMs),
  });
  await tx.publish(UserRegistered, {
    userId: account.id,
    email: account.email,
    name: account.name,
    username: account.username,
    discountPercent,
    emailConfirmationUrl: siteLink(deps.config.PUBLIC_URL, 'confirm-email', confirmation.token),
    registeredAt: account.created_at.toISOString(),
  });
}
