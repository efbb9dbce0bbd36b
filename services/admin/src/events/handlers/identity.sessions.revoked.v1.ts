import { SessionsRevoked } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordServerSignal } from '../../use-cases/security-log.ts';

/**
 * Ended sessions. Only a reused refresh token is a security signal (someone may hold a stolen token); password
 * changes, deletions and the admin's "end all sessions" are ordinary and already audited where they happen.
 */
export const sessionsRevokedConsumer = defineConsumer({
  name: 'sessions-revoked',
  event: SessionsRevoked,
  handle: async (event, tx) => {
    if (event.payload.reason !== 'refresh_token_reuse') return;
    const userId = event.payload.userId;
    await recordServerSignal(tx, event.id, {
      type: 'refresh_token_reuse',
      source: 'identity',
      userId: userId && !(await tx.members.isErased(userId)) ? userId : null,
      details: { reason: event.payload.reason },
    });
  },
});
