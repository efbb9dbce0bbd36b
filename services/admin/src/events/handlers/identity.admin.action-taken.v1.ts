import { AdminActionTaken } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { audit } from '../../use-cases/audit.ts';

/**
 * An admin's change in identity (permissions, admin record, roles, facilitator, suspension, sessions, deletion,
 * invitation codes, the waiting list): kept in the audit trail like admin's own actions. Idempotent through the
 * runtime's processed events; the entry takes the time the action happened, not when it arrived.
 */
export const adminActionTakenConsumer = defineConsumer({
  name: 'identity-admin-action',
  event: AdminActionTaken,
  handle: async (event, tx) => {
    const { actorId, action, targetType, targetId, before, after } = event.payload;
    await audit(tx, {
      actorId,
      action: `identity.${action}`,
      targetType,
      targetId,
      before,
      after,
      at: new Date(event.occurredAt),
    });
  },
});
