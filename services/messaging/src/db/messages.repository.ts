import { sql } from 'kysely';
import type { MessageRow, MessagingDb } from './tables.ts';

/** SQL about messages and their reactions. */

export async function findMessage(db: MessagingDb, id: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMessageForUpdate(db: MessagingDb, id: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * A page of a conversation in ascending sequence order: after `after` (catch-up, oldest first), before `before`
 * (loading upward) or the latest. Fetches one more than the limit to know whether more exist.
 */
export async function pageMessages(
  db: MessagingDb,
  conversationId: string,
  page: { before?: number | undefined; after?: number | undefined; limit: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  let query = db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId);
  if (page.after !== undefined) {
    query = query.where('sequence', '>', page.after).orderBy('sequence', 'asc');
  } else {
    if (page.before !== undefined) query = query.where('sequence', '<', page.before);
    query = query.orderBy('sequence', 'desc');
  }
  const rows = await query.limit(page.limit + 1).execute();
  const hasMore = rows.length > page.limit;
  const kept = rows.slice(0, page.limit);
  return { rows: page.after !== undefined ? kept : kept.reverse(), hasMore };
}

export async function updateBody(db: MessagingDb, id: string, body: string, at: Date): Promise<MessageRow> {
  return db
    .updateTable('messages')
    .set({ body, edited_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deleted: the text goes, the row stays as the 'deleted' mark in its place in the order. */
export async function markDeleted(db: MessagingDb, id: string, at: Date): Promise<MessageRow> {
  await db.deleteFrom('message_reactions').where('message_id', '=', id).execute();
  return db
    .updateTable('messages')
    .set({ body: null, photo_url: null, deleted_at: at, reaction_count: 0 })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setReaction(
  db: MessagingDb,
  messageId: string,
  userId: string,
  reaction: string,
): Promise<void> {
  await db
    .insertInto('message_reactions')
    .values({ message_id: messageId, user_id: userId, reaction })
    .onConflict((oc) =>
      oc.columns(['message_id', 'user_id']).doUpdateSet({ reaction, reacted_at: sql<Date>`now()` }),
    )
    .execute();
}

export async function removeReaction(db: MessagingDb, messageId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('message_reactions')
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .execute();
}

/** Sets reaction_count from the reactions themselves; returns the new count. */
export async function recountReactions(db: MessagingDb, messageId: string): Promise<MessageRow> {
  return db
    .updateTable('messages')
    .set((eb) => ({
      reaction_count: eb
        .selectFrom('message_reactions')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('message_reactions.message_id', '=', messageId),
    }))
    .where('id', '=', messageId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every reaction of these messages (message id, member, reaction). */
export async function reactionsOf(
  db: MessagingDb,
  messageIds: string[],
): Promise<{ message_id: string; user_id: string; reaction: string }[]> {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom('message_reactions')
    .select(['message_id', 'user_id', 'reaction'])
    .where('message_id', 'in', messageIds)
    .execute();
}

/**
 * Erasure, anonymising: the member's messages keep their place in the other member's conversation as deleted
 * marks without text or sender; their reactions go (and the counts they were part of are recounted).
 */
export async function anonymiseMessagesOf(db: MessagingDb, userId: string, at: Date): Promise<void> {
  const reacted = await db
    .deleteFrom('message_reactions')
    .where('user_id', '=', userId)
    .returning('message_id')
    .execute();
  for (const { message_id } of reacted) await recountReactions(db, message_id);
  const own = await db.selectFrom('messages').select('id').where('sender_id', '=', userId).execute();
  if (own.length > 0) {
    await db
      .deleteFrom('message_reactions')
      .where(
        'message_id',
        'in',
        own.map((m) => m.id),
      )
      .execute();
  }
  await db
    .updateTable('messages')
    .set((eb) => ({
      sender_id: null,
      body: null,
      photo_url: null,
      client_message_id: null,
      reaction_count: 0,
      deleted_at: eb.fn.coalesce('deleted_at', sql<Date>`${at}`),
    }))
    .where('sender_id', '=', userId)
    .execute();
}

/** Conversation previews that showed a message now without text are cleared. */
export async function clearStalePreviews(db: MessagingDb, conversationIds: string[]): Promise<void> {
  if (conversationIds.length === 0) return;
  await db
    .updateTable('conversations as c')
    .set({ last_message_body: null })
    .where('c.id', 'in', conversationIds)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('messages as m')
          .select('m.id')
          .whereRef('m.conversation_id', '=', 'c.id')
          .whereRef('m.sequence', '=', 'c.last_sequence')
          .where('m.body', 'is', null),
      ),
    )
    .execute();
}

/**
 * Orphaned messages: a sender who is no longer a member of the conversation, yet the message still holds their
 * text (an erasure that did not finish, data from before this service). Removed; returns how many.
 */
export async function deleteMessagesOfFormerMembers(db: MessagingDb): Promise<number> {
  const rows = await db
    .deleteFrom('messages as m')
    .where('m.sender_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('conversation_members as cm')
            .select('cm.user_id')
            .whereRef('cm.conversation_id', '=', 'm.conversation_id')
            .whereRef('cm.user_id', '=', 'm.sender_id'),
        ),
      ),
    )
    .returning('m.id')
    .execute();
  return rows.length;
}
