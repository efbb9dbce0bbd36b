import type { EventEnvelope, EventPayload, UserDeleted } from '@mer/contracts';
import {
  deleteMemberlessConversations,
  recountUnread,
  removeMemberships,
} from '../db/conversations.repository.ts';
import { deleteMemberFacts } from '../db/members.repository.ts';
import { deleteMembershipsOf } from '../db/memberships.repository.ts';
import { anonymiseMessagesOf, clearStalePreviews } from '../db/messages.repository.ts';
import { deletePhotos } from '../db/photos.repository.ts';
import { deleteReportsBy } from '../db/reports.repository.ts';
import type { MessagingTx } from '../deps.ts';
import { publishUnreadTotals } from './unread.ts';

/**
 * A deleted account, anonymised: the member's messages stay in the other member's conversation as deleted marks
 * with no text, photo or sender (so the other member's own messages keep their order and context), their reactions
 * go, they leave every conversation (which then shows 'Unknown' for them), and their name, photo, settings, blocks,
 * connections and memberships go. A conversation nobody is left in is removed with its messages. The runtime holds the
 * member's lock and records the tombstone in this same transaction.
 */
export async function forgetMember(
  tx: MessagingTx,
  event: EventEnvelope<EventPayload<typeof UserDeleted>>,
): Promise<void> {
  const userId = event.payload.userId;
  const at = new Date();
  await anonymiseMessagesOf(tx.trx, userId, at);
  // Their photos (sent or not) leave storage after the commit.
  await deletePhotos(tx.trx, { ownerId: userId });
  const conversationIds = await removeMemberships(tx.trx, userId);
  await deleteMemberlessConversations(tx.trx, conversationIds);
  await clearStalePreviews(tx.trx, conversationIds);
  // Unread messages of the deleted member no longer count for the others.
  const others = await recountUnread(tx.trx, conversationIds);
  await deleteMemberFacts(tx.trx, userId);
  await deleteMembershipsOf(tx.trx, userId);
  await deleteReportsBy(tx.trx, userId);
  await publishUnreadTotals(tx, others, at);
}
