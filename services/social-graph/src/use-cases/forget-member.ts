import type { EventEnvelope, EventPayload, UserDeleted } from '@mer/contracts';
import { deleteSocialRowsOf } from '../db/blocks.repository.ts';
import { deleteRequestsOf, liveRequestsOf } from '../db/connections.repository.ts';
import { deleteMember } from '../db/members.repository.ts';
import { deleteMembershipsOf } from '../db/memberships.repository.ts';
import type { SocialGraphTx } from '../deps.ts';
import { endRequest } from './connections.ts';

/**
 * A deleted account: every row of the member goes (members, requests either side, blocks, mutes, reports,
 * dismissals, memberships). Their live connections and requests are first announced as removed (reason 'deleted') so the
 * other members' services and lists drop them. The runtime holds the member's lock and records the tombstone in
 * this same transaction.
 */
export async function forgetMember(
  tx: SocialGraphTx,
  event: EventEnvelope<EventPayload<typeof UserDeleted>>,
): Promise<void> {
  const memberId = event.payload.userId;
  for (const row of await liveRequestsOf(tx.trx, memberId)) await endRequest(tx, row, null, 'deleted');
  await deleteRequestsOf(tx.trx, memberId);
  await deleteSocialRowsOf(tx.trx, memberId);
  await deleteMembershipsOf(tx.trx, memberId);
  await deleteMember(tx.trx, memberId);
}
