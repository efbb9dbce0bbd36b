import { RESERVED_USERNAMES, USERNAME_MAX, USERNAME_MIN } from '@mer/contracts';

export const UsernameReasons = {
  required: 'Please choose a username',
  tooShort: `Username must be at least ${USERNAME_MIN} characters`,
  // The spec's wording says "less than 30" while exactly 30 is accepted; kept as the spec has it.
  tooLong: `Username must be less than ${USERNAME_MAX} characters`,
  badCharacters: 'Username can only contain letters, numbers, underscores and hyphens',
  reserved: 'This username is reserved',
  taken: 'This username is already taken',
} as const;

const ALLOWED = /^[A-Za-z0-9_-]+$/;
const RESERVED = new Set<string>(RESERVED_USERNAMES);

/** Usernames are compared and stored lower-case, without surrounding spaces. */
export function normaliseUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * Why a username cannot be taken, before asking the database whether it is free.
 * Letters are ASCII only: look-alike letters from other scripts would let people impersonate.
 */
export function usernameProblem(raw: string): string | undefined {
  const username = normaliseUsername(raw);
  if (username.length === 0) return UsernameReasons.required;
  if (username.length < USERNAME_MIN) return UsernameReasons.tooShort;
  if (username.length > USERNAME_MAX) return UsernameReasons.tooLong;
  if (!ALLOWED.test(username)) return UsernameReasons.badCharacters;
  if (RESERVED.has(username)) return UsernameReasons.reserved;
  return undefined;
}

/**
 * Whether a typed identifier could name an existing account at all. Looser than usernameProblem
 * (names reserved later must still log in); anything else is not worth a database lookup.
 */
export function couldBeUsername(raw: string): boolean {
  const username = normaliseUsername(raw);
  return username.length > 0 && username.length <= 64 && ALLOWED.test(username);
}
