import { SessionsRevoked } from '@mer/contracts';
import { revokeAllFamilies } from '../db/sessions.repository.ts';
import { Texts } from '../domain/texts.ts';
import type { IdentityDeps } from '../deps.ts';

/** The admin tool "end all sessions": every member, the admin included, must log in again. */
export async function revokeAllSessions(
  deps: Pick<IdentityDeps, 'transaction' | 'log'>,
  adminId: string,
): Promise<{ message: string; revokedSessions: number }> {
  const revokedSessions = await deps.transaction(async (tx) => {
    const count = await revokeAllFamilies(tx.trx, 'admin_revoke_all');
    await tx.publish(SessionsRevoked, { userId: null, reason: 'admin_revoke_all' });
    return count;
  });
  deps.log.warn({ adminId, revokedSessions }, 'all sessions revoked by an admin');
  return { message: Texts.allSessionsEnded, revokedSessions };
}
