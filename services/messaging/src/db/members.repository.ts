import { sql } from 'kysely';
import type { MemberSettingsRow, MessagingDb } from './tables.ts';

/** SQL about members: the read model of names and photos, settings, and the copies of blocks and connections. */

export interface MemberProfile {
  user_id: string;
  name: string;
  image_url: string | null;
}

/** Records a member's name and photo unless a newer event already did (late redeliveries never win). */
export async function upsertMemberProfile(
  db: MessagingDb,
  member: { userId: string; name: string; imageUrl: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('members')
    .values({ user_id: member.userId, name: member.name, image_url: member.imageUrl, profile_at: member.at })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ name: member.name, image_url: member.imageUrl, profile_at: member.at })
        .where('members.profile_at', '<', member.at),
    )
    .execute();
}

export async function findMemberProfile(db: MessagingDb, userId: string): Promise<MemberProfile | undefined> {
  return db
    .selectFrom('members')
    .select(['user_id', 'name', 'image_url'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export const DEFAULT_SETTINGS = { read_receipts: true, only_connections: false } as const;

export async function findSettings(
  db: MessagingDb,
  userId: string,
): Promise<Pick<MemberSettingsRow, 'read_receipts' | 'only_connections'>> {
  const row = await db
    .selectFrom('member_settings')
    .select(['read_receipts', 'only_connections'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? { ...DEFAULT_SETTINGS };
}

export async function saveSettings(
  db: MessagingDb,
  userId: string,
  change: { readReceipts?: boolean | undefined; onlyConnections?: boolean | undefined },
): Promise<Pick<MemberSettingsRow, 'read_receipts' | 'only_connections'>> {
  const current = await findSettings(db, userId);
  const next = {
    read_receipts: change.readReceipts ?? current.read_receipts,
    only_connections: change.onlyConnections ?? current.only_connections,
  };
  await db
    .insertInto('member_settings')
    .values({ user_id: userId, ...next })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...next, updated_at: sql<Date>`now()` }))
    .execute();
  return next;
}

/** Whether either member blocked the other. */
export async function isBlockedEitherWay(db: MessagingDb, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export async function addBlock(
  db: MessagingDb,
  blockerId: string,
  blockedId: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, blocked_at: at })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

export async function removeBlock(db: MessagingDb, blockerId: string, blockedId: string): Promise<void> {
  await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .execute();
}

export async function addConnection(
  db: MessagingDb,
  pair: { low: string; high: string },
  at: Date,
): Promise<void> {
  await db
    .insertInto('connections')
    .values({ member_low: pair.low, member_high: pair.high, connected_at: at })
    .onConflict((oc) => oc.columns(['member_low', 'member_high']).doNothing())
    .execute();
}

export async function removeConnection(db: MessagingDb, pair: { low: string; high: string }): Promise<void> {
  await db
    .deleteFrom('connections')
    .where('member_low', '=', pair.low)
    .where('member_high', '=', pair.high)
    .execute();
}

/** Erasure: the member's profile copy, settings, blocks and connections (both sides) go. */
export async function deleteMemberFacts(db: MessagingDb, userId: string): Promise<void> {
  await db.deleteFrom('members').where('user_id', '=', userId).execute();
  await db.deleteFrom('member_settings').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('blocks')
    .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
    .execute();
  await db
    .deleteFrom('connections')
    .where((eb) => eb.or([eb('member_low', '=', userId), eb('member_high', '=', userId)]))
    .execute();
}

/**
 * What the consent rules need about a sender and a recipient, in one round trip (a send is on the path of every
 * message to the other member's screen): a block either way, the recipient's 'Only my connections' setting, a
 * connection of the two, and whether the recipient already wrote in the conversation.
 */
export async function findConsentFacts(
  db: MessagingDb,
  q: {
    senderId: string;
    recipientId: string;
    pair: { low: string; high: string };
    conversationId: string | null;
  },
): Promise<{ blocked: boolean; onlyConnections: boolean; connected: boolean; recipientWrote: boolean }> {
  const { senderId: a, recipientId: b } = q;
  const wrote =
    q.conversationId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from messages where conversation_id = ${q.conversationId} and sender_id = ${b})`;
  const { rows } = await sql<{
    blocked: boolean;
    only_connections: boolean;
    connected: boolean;
    recipient_wrote: boolean;
  }>`select
      exists (select 1 from blocks
              where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a})) as blocked,
      coalesce((select only_connections from member_settings where user_id = ${b}),
               ${DEFAULT_SETTINGS.only_connections}) as only_connections,
      exists (select 1 from connections where member_low = ${q.pair.low} and member_high = ${q.pair.high}) as connected,
      ${wrote} as recipient_wrote`.execute(db);
  const row = rows[0]!;
  return {
    blocked: row.blocked,
    onlyConnections: row.only_connections,
    connected: row.connected,
    recipientWrote: row.recipient_wrote,
  };
}
