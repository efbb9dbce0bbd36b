import { PASSWORD_MIN } from '@mer/contracts';
import { invalidData } from '@mer/service-runtime';
import { Texts } from './texts.ts';

export type PasswordProblem = 'missing' | 'too_short' | 'mismatch';

/**
 * Checks a new password and its confirmation in the order the reset page reports problems:
 * both given, then equal, then long enough. Spaces count: a password is used exactly as typed.
 */
export function newPasswordProblem(password: string, confirmation: string): PasswordProblem | undefined {
  if (!password || !confirmation) return 'missing';
  if (password !== confirmation) return 'mismatch';
  if ([...password].length < PASSWORD_MIN) return 'too_short';
  return undefined;
}

/**
 * The reset page's and the settings page's answer to a new password that is given but unequal to
 * its confirmation or too short, naming the password field of that form. Missing fields have
 * different wording on each page, so each caller answers those itself first.
 */
export function assertNewPasswordAccepted(
  password: string,
  confirmation: string,
  passwordField: string,
): void {
  const problem = newPasswordProblem(password, confirmation);
  if (problem === 'mismatch')
    throw invalidData(
      Texts.resetPasswordsDoNotMatch.title,
      Texts.resetPasswordsDoNotMatch.message,
      'body.confirmPassword',
    );
  if (problem === 'too_short')
    throw invalidData(Texts.passwordTooShort.title, Texts.passwordTooShort.message, passwordField);
}
