import type { MessagingConversation } from '@mer/contracts';

/**
 * The spec's list item defaults: a group without a title is 'Group Chat'; a one-to-one conversation whose other
 * member is gone or not known yet is 'Unknown' (the server already answers so; kept here for any blank name).
 */
export function conversationName(
  conversation: Pick<MessagingConversation, 'isGroup' | 'title' | 'participantName'>,
): string {
  if (conversation.isGroup) return conversation.title || 'Group Chat';
  return conversation.participantName || 'Unknown';
}
