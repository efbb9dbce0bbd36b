import type {
  ConnectionAccepted,
  ConnectionRemoved,
  EventEnvelope,
  EventPayload,
  MemberBlocked,
  MemberUnblocked,
} from '@mer/contracts';
import {
  addBlock,
  addConnection,
  removeBlock,
  removeConnection,
  upsertMemberProfile,
} from '../db/members.repository.ts';
import type { MessagingTx } from '../deps.ts';
import { orderedPair } from '../domain/rules.ts';

/**
 * The copies messaging keeps of other services' facts: members' names and photos (identity, profile-onboarding),
 * blocks and connections (social-graph). Each write is idempotent, so a redelivered event changes nothing.
 */

export async function recordMemberProfile(
  tx: MessagingTx,
  member: { userId: string; name: string; imageUrl: string | null; occurredAt: string },
): Promise<void> {
  await upsertMemberProfile(tx.trx, { ...member, at: new Date(member.occurredAt) });
}

/** A member erased here never comes back through a late event about them. */
async function anyErased(tx: MessagingTx, ids: string[]): Promise<boolean> {
  for (const id of ids) if (await tx.members.isErased(id)) return true;
  return false;
}

export async function recordBlock(
  tx: MessagingTx,
  event: EventEnvelope<EventPayload<typeof MemberBlocked>>,
): Promise<void> {
  const { blockerId, blockedId, blockedAt } = event.payload;
  if (await anyErased(tx, [blockerId, blockedId])) return;
  await addBlock(tx.trx, blockerId, blockedId, new Date(blockedAt));
}

export async function recordUnblock(
  tx: MessagingTx,
  event: EventEnvelope<EventPayload<typeof MemberUnblocked>>,
): Promise<void> {
  await removeBlock(tx.trx, event.payload.blockerId, event.payload.blockedId);
}

export async function recordConnection(
  tx: MessagingTx,
  event: EventEnvelope<EventPayload<typeof ConnectionAccepted>>,
): Promise<void> {
  const { senderId, receiverId, acceptedAt } = event.payload;
  if (await anyErased(tx, [senderId, receiverId])) return;
  await addConnection(tx.trx, orderedPair(senderId, receiverId), new Date(acceptedAt));
}

export async function recordConnectionRemoved(
  tx: MessagingTx,
  event: EventEnvelope<EventPayload<typeof ConnectionRemoved>>,
): Promise<void> {
  await removeConnection(tx.trx, orderedPair(event.payload.senderId, event.payload.receiverId));
}
