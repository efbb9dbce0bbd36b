import { sql } from 'kysely';
import type { ConnectionRequestRow, SocialGraphDb } from './tables.ts';

/** The only place that speaks SQL about connection_requests. */

/**
 * Serialises every change of one pair of members for the rest of the transaction, whoever of the two acts:
 * the simultaneous-request race is decided here (the unique live-pair index backs it up).
 */
export async function lockPair(db: SocialGraphDb, a: string, b: string): Promise<void> {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
}

/** The pair's live (not deleted) request, whichever of the two sent it. */
export async function findLiveRequest(
  db: SocialGraphDb,
  a: string,
  b: string,
): Promise<ConnectionRequestRow | undefined> {
  return db
    .selectFrom('connection_requests')
    .selectAll()
    .where('deleted', '=', false)
    .where((eb) =>
      eb.or([
        eb.and([eb('sender_id', '=', a), eb('receiver_id', '=', b)]),
        eb.and([eb('sender_id', '=', b), eb('receiver_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
}

/** The viewer's live requests with any of `others`, for the status on cards. */
export async function liveRequestsWith(
  db: SocialGraphDb,
  viewerId: string,
  others: readonly string[],
): Promise<ConnectionRequestRow[]> {
  if (others.length === 0) return [];
  return db
    .selectFrom('connection_requests')
    .selectAll()
    .where('deleted', '=', false)
    .where((eb) =>
      eb.or([
        eb.and([eb('sender_id', '=', viewerId), eb('receiver_id', 'in', others)]),
        eb.and([eb('receiver_id', '=', viewerId), eb('sender_id', 'in', others)]),
      ]),
    )
    .execute();
}

export async function findRequest(db: SocialGraphDb, id: string): Promise<ConnectionRequestRow | undefined> {
  return db.selectFrom('connection_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertRequest(
  db: SocialGraphDb,
  request: { id: string; senderId: string; receiverId: string; at: Date; source: string | null },
): Promise<ConnectionRequestRow> {
  return db
    .insertInto('connection_requests')
    .values({
      id: request.id,
      source: request.source,
      sender_id: request.senderId,
      receiver_id: request.receiverId,
      status: 'pending',
      accepted_at: null,
      created_at: request.at,
      updated_at: request.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markAccepted(db: SocialGraphDb, id: string, at: Date): Promise<ConnectionRequestRow> {
  return db
    .updateTable('connection_requests')
    .set({ status: 'accepted', accepted_at: at, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Decline, cancel and remove all end the row the same way: deleted, kept for the e-mail flag's history. */
export async function markDeleted(db: SocialGraphDb, id: string, at: Date): Promise<void> {
  await db
    .updateTable('connection_requests')
    .set({ deleted: true, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** notifications-email reported the e-mail: false becomes true, never back. */
export async function markEmailSent(db: SocialGraphDb, id: string): Promise<void> {
  await db
    .updateTable('connection_requests')
    .set({ email_sent: true })
    .where('id', '=', id)
    .where('email_sent', '=', false)
    .execute();
}

export type ListKind = 'received' | 'sent' | 'connected';

/** One page of a /connections tab, newest first, after the keyset (at, id). */
export async function listRequests(
  db: SocialGraphDb,
  memberId: string,
  kind: ListKind,
  limit: number,
  after: { at: string; id: string } | null,
): Promise<Array<ConnectionRequestRow & { at: Date }>> {
  let query = db.selectFrom('connection_requests').where('deleted', '=', false);
  if (kind === 'received') query = query.where('receiver_id', '=', memberId).where('status', '=', 'pending');
  else if (kind === 'sent') query = query.where('sender_id', '=', memberId).where('status', '=', 'pending');
  else
    query = query
      .where('status', '=', 'accepted')
      .where((eb) => eb.or([eb('sender_id', '=', memberId), eb('receiver_id', '=', memberId)]));
  const atColumn = kind === 'connected' ? sql<Date>`accepted_at` : sql<Date>`created_at`;
  if (after) {
    query = query.where(sql<boolean>`(${atColumn}, id) < (${new Date(after.at)}, ${after.id}::uuid)`);
  }
  return query
    .selectAll()
    .select(atColumn.as('at'))
    .orderBy(atColumn, 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The members one member is connected to. */
export async function connectedIds(db: SocialGraphDb, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('connection_requests')
    .select(['sender_id', 'receiver_id'])
    .where('deleted', '=', false)
    .where('status', '=', 'accepted')
    .where((eb) => eb.or([eb('sender_id', '=', memberId), eb('receiver_id', '=', memberId)]))
    .execute();
  return rows.map((r) => (r.sender_id === memberId ? r.receiver_id : r.sender_id));
}

/** Member ids both a and b are connected to, in id order. */
export async function mutualConnectionIds(db: SocialGraphDb, a: string, b: string): Promise<string[]> {
  const [mine, theirs] = await Promise.all([connectedIds(db, a), connectedIds(db, b)]);
  const theirSet = new Set(theirs);
  return mine.filter((id) => theirSet.has(id) && id !== a && id !== b).sort();
}

/** Accepted connections between any of `friends` and any of `candidates` (for mutual-connection counts). */
export async function connectionsBetween(
  db: SocialGraphDb,
  friends: readonly string[],
  candidates: readonly string[],
): Promise<Array<{ sender_id: string; receiver_id: string }>> {
  if (friends.length === 0 || candidates.length === 0) return [];
  return db
    .selectFrom('connection_requests')
    .select(['sender_id', 'receiver_id'])
    .where('deleted', '=', false)
    .where('status', '=', 'accepted')
    .where((eb) =>
      eb.or([
        eb.and([eb('sender_id', 'in', friends), eb('receiver_id', 'in', candidates)]),
        eb.and([eb('receiver_id', 'in', friends), eb('sender_id', 'in', candidates)]),
      ]),
    )
    .execute();
}

/** Every live request or connection of a member, locked: what a block or a deletion ends. */
export async function liveRequestsOf(db: SocialGraphDb, memberId: string): Promise<ConnectionRequestRow[]> {
  return db
    .selectFrom('connection_requests')
    .selectAll()
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('sender_id', '=', memberId), eb('receiver_id', '=', memberId)]))
    .forUpdate()
    .execute();
}

/** Erasure: every row naming the member goes. */
export async function deleteRequestsOf(db: SocialGraphDb, memberId: string): Promise<void> {
  await db
    .deleteFrom('connection_requests')
    .where((eb) => eb.or([eb('sender_id', '=', memberId), eb('receiver_id', '=', memberId)]))
    .execute();
}

/** Accepted pairs, for the recommendation model's training; `source` says where the sender found the other. */
export async function acceptedPairs(
  db: SocialGraphDb,
): Promise<Array<{ a: string; b: string; source: string | null }>> {
  return db
    .selectFrom('connection_requests')
    .select(['sender_id as a', 'receiver_id as b', 'source'])
    .where('deleted', '=', false)
    .where('status', '=', 'accepted')
    .execute();
}
