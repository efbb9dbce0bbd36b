import type { EventEnvelope, EventPayload, UserDeleted } from '@mer/contracts';
import { forgetMemberFigures } from '../db/dashboard.repository.ts';
import { forgetModerationOf } from '../db/moderation.repository.ts';
import { anonymiseSecurityEventsOf } from '../db/security-events.repository.ts';
import type { AdminTx } from '../deps.ts';

/**
 * A deleted account: their reports, the queue items about their (now deleted) content and their figures go; the
 * security log keeps what happened without who it was. The audit trail is kept whole: it records what admins did,
 * and an admin's accountability outlives a member's account (it holds ids, never member text).
 */
export async function forgetMember(
  tx: AdminTx,
  event: EventEnvelope<EventPayload<typeof UserDeleted>>,
): Promise<void> {
  await anonymiseSecurityEventsOf(tx.trx, event.payload.userId);
  await forgetModerationOf(tx.trx, event.payload.userId);
  await forgetMemberFigures(tx.trx, event.payload.userId);
}
