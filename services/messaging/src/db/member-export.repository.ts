import type { MessageRow, MessagingDb } from './tables.ts';

/** What "Download my data" reads: the member's conversations, sent messages and reactions. */
export async function memberExportRows(db: MessagingDb, userId: string) {
  const conversations = await db
    .selectFrom('conversation_members as me')
    .leftJoin('conversation_members as other', (join) =>
      join.onRef('other.conversation_id', '=', 'me.conversation_id').on('other.user_id', '<>', userId),
    )
    .select(['me.conversation_id', 'other.user_id as other_id', 'me.joined_at', 'me.last_read_sequence'])
    .where('me.user_id', '=', userId)
    .orderBy('me.joined_at')
    .execute();
  const messages: MessageRow[] = await db
    .selectFrom('messages')
    .selectAll()
    .where('sender_id', '=', userId)
    .orderBy('created_at')
    .orderBy('sequence')
    .execute();
  const reactions = await db
    .selectFrom('message_reactions')
    .select(['message_id', 'reaction', 'reacted_at'])
    .where('user_id', '=', userId)
    .orderBy('reacted_at')
    .execute();
  return { conversations, messages, reactions };
}
