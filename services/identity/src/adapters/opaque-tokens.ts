import { createHash, randomBytes } from 'node:crypto';

/**
 * Refresh, confirmation and reset tokens: 32 random bytes given to the client once and kept
 * only as a SHA-256 hash, so a copy of the database lets nobody sign in or reset a password.
 * (A fast hash is right here: the token has 256 bits of entropy, nothing to brute-force.)
 */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Tokens we issued are exactly 43 base64url characters; anything else is not worth a lookup. */
export function looksLikeOpaqueToken(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
