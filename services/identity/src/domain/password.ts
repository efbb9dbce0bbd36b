import { PASSWORD_MIN } from '@mer/contracts';

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
