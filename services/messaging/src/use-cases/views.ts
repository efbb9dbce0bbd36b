import type { MessagingConversation, MessagingMessage } from '@mer/contracts';
import type { ConversationView } from '../db/conversations.repository.ts';
import type { MessageRow } from '../db/tables.ts';
import { countReactions, isSeen, participantName } from '../domain/rules.ts';

/** The other member's read position as the caller may see it: null when that member turned receipts off. */
export function seenUpTo(view: ConversationView): number | null {
  if (view.participant_id === null || view.participant_read_sequence === null) return null;
  return view.participant_read_receipts === false ? null : view.participant_read_sequence;
}

export function toConversation(view: ConversationView): MessagingConversation {
  return {
    id: view.id,
    title: view.title,
    isGroup: view.is_group,
    participantId: view.participant_id,
    participantName: participantName(view.is_group, view.participant_name),
    participantImage: view.participant_image,
    lastMessage: view.last_message_body,
    lastMessageTime: view.last_message_at?.toISOString() ?? null,
    lastSequence: view.last_sequence,
    unreadCount: view.unread_count,
    seenUpTo: seenUpTo(view),
    createdAt: view.created_at.toISOString(),
    updatedAt: view.updated_at.toISOString(),
  };
}

export function toMessage(
  row: MessageRow,
  callerId: string,
  seen: number | null,
  reactions: readonly { user_id: string; reaction: string }[],
): MessagingMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    sequence: row.sequence,
    senderId: row.sender_id,
    body: row.body,
    photoUrl: row.photo_url,
    clientMessageId: row.sender_id === callerId ? row.client_message_id : null,
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at?.toISOString() ?? null,
    deletedAt: row.deleted_at?.toISOString() ?? null,
    reactionCount: row.reaction_count,
    reactions: countReactions(reactions.map((r) => r.reaction)),
    myReaction: reactions.find((r) => r.user_id === callerId)?.reaction ?? null,
    read: row.sender_id === callerId && isSeen(row.sequence, seen),
  };
}
