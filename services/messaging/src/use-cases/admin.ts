import { MessagingTexts } from '@mer/contracts';
import { deleteMemberlessConversations } from '../db/conversations.repository.ts';
import { deleteMessagesOfFormerMembers } from '../db/messages.repository.ts';
import type { MessagingDeps } from '../deps.ts';

/**
 * The admin tools' cleanup of orphaned messages (spec 001: cleanup-orphaned-messages; toast 'Cleanup Complete'):
 * conversations every member of which is gone (with their messages), and messages that still hold the text of a
 * sender who is no longer a member of their conversation.
 */
export async function cleanupOrphanedMessages(deps: MessagingDeps): Promise<{
  title: string;
  message: string;
  removedMessages: number;
  removedConversations: number;
}> {
  return deps.transaction(async (tx) => {
    const formerMembers = await deleteMessagesOfFormerMembers(tx.trx);
    const memberless = await deleteMemberlessConversations(tx.trx);
    const removedMessages = formerMembers + memberless.messages;
    return {
      title: MessagingTexts.cleanupComplete,
      message:
        removedMessages === 0 && memberless.conversations === 0
          ? 'No orphaned messages found.'
          : `Removed ${removedMessages} orphaned message${removedMessages === 1 ? '' : 's'} and ` +
            `${memberless.conversations} empty conversation${memberless.conversations === 1 ? '' : 's'}.`,
      removedMessages,
      removedConversations: memberless.conversations,
    };
  });
}
