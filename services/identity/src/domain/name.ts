export const NAME_MAX = 100;

export const NameReasons = {
  required: 'Name is required',
  tooLong: `Name must be at most ${NAME_MAX} characters`,
  badCharacters: 'Name contains characters that are not allowed',
} as const;

// Control characters and the bidirectional overrides that can make a name display as another.
const FORBIDDEN = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** Names are kept as typed, in composed form, without surrounding or doubled spaces. */
export function normaliseName(raw: string): string {
  return raw.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

export function nameProblem(raw: string): string | undefined {
  const name = normaliseName(raw);
  if (!name) return NameReasons.required;
  if (FORBIDDEN.test(name)) return NameReasons.badCharacters;
  if ([...name].length > NAME_MAX) return NameReasons.tooLong;
  return undefined;
}

/**
 * The spec counts a full name as two or more words of at least two characters each. It is only a
 * hint in the onboarding (one word shows "give your full name"), never a reason to refuse sign-up.
 */
export function isFullName(raw: string): boolean {
  const words = normaliseName(raw).split(' ').filter(Boolean);
  return words.length >= 2 && words.every((w) => [...w].length >= 2);
}
