import { sql } from 'kysely';
import type { ConversationRow, MessagingDb } from './tables.ts';

/** SQL about conversations and their members' read state. */

/**
 * Creates the pair's one-to-one conversation, or does nothing when it exists: the unique pair makes a second,
 * concurrent insert wait for the first and then do nothing. Returns whether this call created it.
 */
export async function insertPairConversation(
  db: MessagingDb,
  c: { id: string; createdBy: string; low: string; high: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('conversations')
    .values({ id: c.id, created_by: c.createdBy, is_group: false, pair_low: c.low, pair_high: c.high })
    .onConflict((oc) => oc.columns(['pair_low', 'pair_high']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await db
    .insertInto('conversation_members')
    .values([
      { conversation_id: c.id, user_id: c.low },
      { conversation_id: c.id, user_id: c.high },
    ])
    .execute();
  return true;
}

export async function findPairConversationId(
  db: MessagingDb,
  pair: { low: string; high: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('pair_low', '=', pair.low)
    .where('pair_high', '=', pair.high)
    .executeTakeFirst();
  return row?.id;
}

/** The member ids of a conversation (the deleted ones are gone). */
export async function conversationMemberIds(db: MessagingDb, conversationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('conversation_members')
    .select('user_id')
    .where('conversation_id', '=', conversationId)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** Locks the conversation row until the transaction ends: sends, reads and deletes of it take turns. */
export async function lockConversation(
  db: MessagingDb,
  conversationId: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', conversationId)
    .forUpdate()
    .executeTakeFirst();
}

/** The list preview after the last message changed (edited, deleted: null). */
export async function setPreviewIfLast(
  db: MessagingDb,
  conversationId: string,
  sequence: number,
  body: string | null,
): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ last_message_body: body })
    .where('id', '=', conversationId)
    .where('last_sequence', '=', sequence)
    .execute();
}

/** A deleted message no longer counts as unread for the members who had not read it; returns them. */
export async function removeUnread(
  db: MessagingDb,
  conversationId: string,
  senderId: string,
  sequence: number,
): Promise<string[]> {
  const rows = await db
    .updateTable('conversation_members')
    .set((eb) => ({ unread_count: sql<number>`greatest(${eb.ref('unread_count')} - 1, 0)` }))
    .where('conversation_id', '=', conversationId)
    .where('user_id', '<>', senderId)
    .where('last_read_sequence', '<', sequence)
    .where('unread_count', '>', 0)
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** The member's read position in a conversation, or undefined when they are not a member. */
export async function findMembership(
  db: MessagingDb,
  conversationId: string,
  userId: string,
): Promise<{ unread_count: number; last_read_sequence: number } | undefined> {
  return db
    .selectFrom('conversation_members')
    .select(['unread_count', 'last_read_sequence'])
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function markRead(
  db: MessagingDb,
  conversationId: string,
  userId: string,
  upTo: number,
): Promise<void> {
  await db
    .updateTable('conversation_members')
    .set({ unread_count: 0, last_read_sequence: upTo })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
}

export async function unreadTotal(db: MessagingDb, userId: string): Promise<number> {
  const row = await db
    .selectFrom('conversation_members')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('unread_count'), sql<string>`0`).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A conversation as one member sees it: the other member's name, photo and read position. */
export interface ConversationView {
  id: string;
  title: string | null;
  is_group: boolean;
  last_sequence: number;
  last_message_body: string | null;
  last_message_at: Date | null;
  created_at: Date;
  updated_at: Date;
  unread_count: number;
  participant_id: string | null;
  participant_name: string | null;
  participant_image: string | null;
  participant_read_sequence: number | null;
  participant_read_receipts: boolean | null;
}

function conversationViews(db: MessagingDb, userId: string) {
  return db
    .selectFrom('conversation_members as me')
    .innerJoin('conversations as c', 'c.id', 'me.conversation_id')
    .leftJoin('conversation_members as other', (join) =>
      join.onRef('other.conversation_id', '=', 'c.id').on('other.user_id', '<>', userId),
    )
    .leftJoin('members as p', 'p.user_id', 'other.user_id')
    .leftJoin('member_settings as s', 's.user_id', 'other.user_id')
    .where('me.user_id', '=', userId)
    .select([
      'c.id',
      'c.title',
      'c.is_group',
      'c.last_sequence',
      'c.last_message_body',
      'c.last_message_at',
      'c.created_at',
      'c.updated_at',
      'me.unread_count',
      'other.user_id as participant_id',
      'p.name as participant_name',
      'p.image_url as participant_image',
      'other.last_read_sequence as participant_read_sequence',
      's.read_receipts as participant_read_receipts',
    ]);
}

export async function listConversationViews(db: MessagingDb, userId: string): Promise<ConversationView[]> {
  return conversationViews(db, userId)
    .orderBy(sql`coalesce(c.last_message_at, c.created_at)`, 'desc')
    .orderBy('c.id')
    .execute();
}

export async function findConversationView(
  db: MessagingDb,
  userId: string,
  conversationId: string,
): Promise<ConversationView | undefined> {
  return conversationViews(db, userId).where('c.id', '=', conversationId).executeTakeFirst();
}

/** Erasure: the member leaves every conversation; returns those conversations. */
export async function removeMemberships(db: MessagingDb, userId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('conversation_members')
    .where('user_id', '=', userId)
    .returning('conversation_id')
    .execute();
  return rows.map((r) => r.conversation_id);
}

/** Recounts the unread messages of every member of these conversations (after an erasure); returns the members. */
export async function recountUnread(db: MessagingDb, conversationIds: string[]): Promise<string[]> {
  if (conversationIds.length === 0) return [];
  const rows = await db
    .updateTable('conversation_members as cm')
    .set((eb) => ({
      unread_count: eb
        .selectFrom('messages as m')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('m.conversation_id', '=', 'cm.conversation_id')
        .whereRef('m.sequence', '>', 'cm.last_read_sequence')
        .where('m.deleted_at', 'is', null)
        .whereRef('m.sender_id', 'is distinct from', 'cm.user_id'),
    }))
    .where('cm.conversation_id', 'in', conversationIds)
    .returning('cm.user_id')
    .execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

/** Conversations nobody belongs to any more (every member deleted): removed with their messages. */
export async function deleteMemberlessConversations(
  db: MessagingDb,
  conversationIds?: string[],
): Promise<{ conversations: number; messages: number }> {
  if (conversationIds && conversationIds.length === 0) return { conversations: 0, messages: 0 };
  let query = db
    .selectFrom('conversations as c')
    .select('c.id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('conversation_members as cm')
            .select('cm.user_id')
            .whereRef('cm.conversation_id', '=', 'c.id'),
        ),
      ),
    )
    .forUpdate();
  if (conversationIds) query = query.where('c.id', 'in', conversationIds);
  const ids = (await query.execute()).map((r) => r.id);
  if (ids.length === 0) return { conversations: 0, messages: 0 };
  const { count } = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('conversation_id', 'in', ids)
    .executeTakeFirstOrThrow();
  // Their messages and reactions go by cascade.
  await db.deleteFrom('conversations').where('id', 'in', ids).execute();
  return { conversations: ids.length, messages: Number(count) };
}
