import { SessionsRevoked } from '@mer/contracts';
import { authenticationError } from '@mer/service-runtime';
import { findAccountById } from '../db/accounts.repository.ts';
import { findRefreshToken, markRotated, revokeFamily } from '../db/sessions.repository.ts';
import { hashOpaqueToken, looksLikeOpaqueToken } from '../adapters/opaque-tokens.ts';
import type { IdentityDeps } from '../deps.ts';
import { continueSession, type IssuedSession } from './sessions.ts';

/**
 * Exchanges a refresh token for a new one and a new access token. A token works once: presenting
 * an already rotated token means it was copied, so the whole family (the session) is revoked and
 * whoever holds any of its tokens must log in again.
 */
export async function refreshSession(
  deps: IdentityDeps,
  refreshToken: string | undefined,
): Promise<IssuedSession> {
  if (!looksLikeOpaqueToken(refreshToken)) throw authenticationError();
  const hash = hashOpaqueToken(refreshToken);
  const outcome = await deps.transaction(async (tx) => {
    const stored = await findRefreshToken(tx.trx, hash);
    if (!stored) return { kind: 'invalid' as const };
    const { family } = stored;
    if (family.revoked_at || family.expires_at.getTime() <= Date.now()) return { kind: 'invalid' as const };
    if (stored.rotatedAt || !(await markRotated(tx.trx, hash))) {
      await revokeFamily(tx.trx, family.id, 'refresh_token_reuse');
      await tx.publish(SessionsRevoked, { userId: family.user_id, reason: 'refresh_token_reuse' });
      return { kind: 'reused' as const, userId: family.user_id, familyId: family.id };
    }
    const account = await findAccountById(tx.trx, family.user_id);
    // A suspended member's sessions were revoked; this refuses a refresh racing the suspension.
    if (!account || account.suspended_at) return { kind: 'invalid' as const };
    return { kind: 'rotated' as const, issued: await continueSession(deps, tx, account, family) };
  });
  if (outcome.kind === 'reused') {
    deps.log.warn(
      { userId: outcome.userId, sessionId: outcome.familyId },
      'refresh token reused: session revoked',
    );
  }
  if (outcome.kind !== 'rotated') throw authenticationError();
  return outcome.issued;
}
