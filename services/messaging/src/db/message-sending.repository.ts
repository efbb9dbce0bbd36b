import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { reusableQuery } from '@mer/service-runtime';
import { DEFAULT_SETTINGS } from './members.repository.ts';
import type { MessageRow, MessagingDb } from './tables.ts';

/**
 * The SQL of a send, in two statements (a send is on the path of every message to the other member's screen, and
 * each round trip costs both processes CPU): what the rules need to know, read under the members' locks, then
 * every write at once. Both are built and compiled once (reusableQuery) and run with each send's values. Built with the query builder, not raw SQL: its schema plugin qualifies the tables, which
 * the embedded topology (one PGlite) needs.
 */

/** What sendMessage decides on, about one sender, one conversation and its other member. */
export interface SendFacts {
  /** The conversation's members now (the deleted ones are gone); empty when it does not exist. */
  memberIds: string[];
  /** The conversation's last sequence number, read with its row locked until the transaction ends. */
  lastSequence: number | null;
  /** The id of the message this sender already saved under this clientMessageId (a retry), if any. */
  savedMessageId: string | null;
  /** The sender's memberships (copies of billing's facts). */
  memberships: {
    status: 'active' | 'cancelled' | 'expired';
    expiresAt: Date | null;
    cancelAtPeriodEnd: boolean;
    occurredAt: Date;
  }[];
  senderName: string | null;
  senderImageUrl: string | null;
  /** Consent facts between the sender and the other member. */
  blocked: boolean;
  onlyConnections: boolean;
  connected: boolean;
  recipientWrote: boolean;
  /** The other member's unread total before this message. */
  recipientUnreadTotal: number;
}

/** findSendFacts' query, built and compiled once (a dozen subqueries cost more to build than to run). */
const sendFactsQuery = reusableQuery(
  (
    db: MessagingDb,
    q: {
      senderId: string;
      recipientId: string;
      low: string;
      high: string;
      conversationId: string;
      clientMessageId: string | null;
    },
  ) =>
    db.selectNoFrom((eb) => [
      sql<string[]>`array(${eb
        .selectFrom('conversation_members')
        .select('user_id')
        .where('conversation_id', '=', q.conversationId)
        .orderBy('user_id')})`.as('member_ids'),
      eb
        .selectFrom('conversations')
        .select('last_sequence')
        .where('id', '=', q.conversationId)
        .forUpdate()
        .as('last_sequence'),
      // No clientMessageId (null) finds nothing.
      eb
        .selectFrom('messages')
        .select('id')
        .where('sender_id', '=', q.senderId)
        .where('client_message_id', '=', q.clientMessageId)
        .limit(1)
        .as('saved_message_id'),
      jsonArrayFrom(
        eb
          .selectFrom('member_memberships')
          .select(['status', 'expires_at', 'cancel_at_period_end', 'occurred_at'])
          .where('user_id', '=', q.senderId),
      ).as('memberships'),
      eb.selectFrom('members').select('name').where('user_id', '=', q.senderId).as('sender_name'),
      eb.selectFrom('members').select('image_url').where('user_id', '=', q.senderId).as('sender_image_url'),
      eb
        .exists(
          eb
            .selectFrom('blocks')
            .select(sql<number>`1`.as('one'))
            .where((w) =>
              w.or([
                w.and([w('blocker_id', '=', q.senderId), w('blocked_id', '=', q.recipientId)]),
                w.and([w('blocker_id', '=', q.recipientId), w('blocked_id', '=', q.senderId)]),
              ]),
            ),
        )
        .as('blocked'),
      eb.fn
        .coalesce(
          eb.selectFrom('member_settings').select('only_connections').where('user_id', '=', q.recipientId),
          sql<boolean>`${DEFAULT_SETTINGS.only_connections}`,
        )
        .as('only_connections'),
      eb
        .exists(
          eb
            .selectFrom('connections')
            .select(sql<number>`1`.as('one'))
            .where('member_low', '=', q.low)
            .where('member_high', '=', q.high),
        )
        .as('connected'),
      eb
        .exists(
          eb
            .selectFrom('messages')
            .select(sql<number>`1`.as('one'))
            .where('conversation_id', '=', q.conversationId)
            .where('sender_id', '=', q.recipientId),
        )
        .as('recipient_wrote'),
      eb
        .selectFrom('conversation_members')
        .select((s) => s.fn.coalesce(s.fn.sum<string>('unread_count'), sql<string>`0`).as('total'))
        .where('user_id', '=', q.recipientId)
        .as('recipient_unread_total'),
    ]),
);

/**
 * One round trip for every fact a send is decided on. The conversation row is locked here (after the members'
 * locks, the order every writer of a conversation takes them in), so `lastSequence` + 1 is this message's number.
 */
export async function findSendFacts(
  db: MessagingDb,
  q: {
    senderId: string;
    recipientId: string;
    pair: { low: string; high: string };
    conversationId: string;
    clientMessageId: string | null;
  },
): Promise<SendFacts> {
  const [row] = await sendFactsQuery(db, {
    senderId: q.senderId,
    recipientId: q.recipientId,
    low: q.pair.low,
    high: q.pair.high,
    conversationId: q.conversationId,
    clientMessageId: q.clientMessageId,
  });
  if (!row) throw new Error('send facts: no row');
  return {
    memberIds: row.member_ids,
    lastSequence: row.last_sequence ?? null,
    savedMessageId: row.saved_message_id ?? null,
    // JSON carries the times as text.
    memberships: row.memberships.map((m) => ({
      status: m.status,
      expiresAt: m.expires_at === null ? null : new Date(m.expires_at as unknown as string),
      cancelAtPeriodEnd: m.cancel_at_period_end,
      occurredAt: new Date(m.occurred_at as unknown as string),
    })),
    senderName: row.sender_name ?? null,
    senderImageUrl: row.sender_image_url ?? null,
    blocked: Boolean(row.blocked),
    onlyConnections: Boolean(row.only_connections),
    connected: Boolean(row.connected),
    recipientWrote: Boolean(row.recipient_wrote),
    recipientUnreadTotal: Number(row.recipient_unread_total ?? 0),
  };
}

/** A message being sent, with what the conversation list shows of it (`preview`). */
// A type, not an interface: reusableQuery's parameters must be a plain record.
export type SentMessage = {
  id: string;
  conversationId: string;
  sequence: number;
  senderId: string;
  body: string;
  preview: string;
  photoUrl: string | null;
  clientMessageId: string | null;
  createdAt: Date;
};

/** saveSentMessage's statement, built and compiled once. */
const saveSentMessageQuery = reusableQuery((db: MessagingDb, m: SentMessage) =>
  db
    .with('conversation', (w) =>
      w
        .updateTable('conversations')
        .set({
          last_sequence: m.sequence,
          last_message_body: m.preview,
          last_message_at: m.createdAt,
          updated_at: m.createdAt,
        })
        .where('id', '=', m.conversationId)
        .returning('id'),
    )
    .with('unread', (w) =>
      w
        .updateTable('conversation_members')
        .set((eb) => ({ unread_count: eb('unread_count', '+', 1) }))
        .where('conversation_id', '=', m.conversationId)
        .where('user_id', '<>', m.senderId)
        .returning('user_id'),
    )
    .insertInto('messages')
    .values({
      id: m.id,
      conversation_id: m.conversationId,
      sequence: m.sequence,
      sender_id: m.senderId,
      body: m.body,
      photo_url: m.photoUrl,
      client_message_id: m.clientMessageId,
      created_at: m.createdAt,
    })
    .returningAll(),
);

/**
 * Every write of a send in one statement: the conversation's sequence number and list preview, one more unread
 * message for each recipient, and the message itself (returned). The caller holds the conversation row's lock.
 */
export async function saveSentMessage(db: MessagingDb, m: SentMessage): Promise<MessageRow> {
  const [row] = await saveSentMessageQuery(db, m);
  if (!row) throw new Error('save sent message: no row');
  return row;
}
