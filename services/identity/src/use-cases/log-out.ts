import { findRefreshToken, revokeFamily } from '../db/sessions.repository.ts';
import { hashOpaqueToken, looksLikeOpaqueToken } from '../adapters/opaque-tokens.ts';
import type { IdentityDeps } from '../deps.ts';

/** Ends the session the refresh cookie belongs to. Signing out without a (valid) cookie is not an error. */
export async function logOut(
  deps: Pick<IdentityDeps, 'db'>,
  refreshToken: string | undefined,
): Promise<void> {
  if (!looksLikeOpaqueToken(refreshToken)) return;
  const stored = await findRefreshToken(deps.db, hashOpaqueToken(refreshToken));
  if (stored) await revokeFamily(deps.db, stored.family.id, 'logout');
}
