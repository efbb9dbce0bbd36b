export const EMAIL_MAX = 254;

// Deliberately simple: something@domain.tld without spaces. Real proof of an address is the
// confirmation link; a stricter pattern only rejects valid but unusual addresses.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/u;
const FORBIDDEN = /[\p{Cc}<>"(),;:\\[\]]/u;

/** E-mail addresses are compared and stored lower-case, without surrounding spaces. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(raw: string): boolean {
  const email = normaliseEmail(raw);
  return email.length <= EMAIL_MAX && EMAIL.test(email) && !FORBIDDEN.test(email);
}
