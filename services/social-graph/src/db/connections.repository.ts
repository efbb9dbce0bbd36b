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
  request: { id: string; senderId: string; receiverId: string; at: Date },
): Promise<ConnectionRequestRow> {
  return db
    .insertInto('connection_requests')
    .values({
      id: request.id,
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

/** Member ids both a and b are connected to. */
export async function mutualConnectionIds(db: SocialGraphDb, a: string, b: string): Promise<string[]> {
  const rows = await sql<{ user_id: string }>`
    with mine as (
      select case when sender_id = ${a} then receiver_id else sender_id end as user_id
      from connection_requests
      where not deleted and status = 'accepted' and (sender_id = ${a} or receiver_id = ${a})
    ), theirs as (
      select case when sender_id = ${b} then receiver_id else sender_id end as user_id
      from connection_requests
      where not deleted and status = 'accepted' and (sender_id = ${b} or receiver_id = ${b})
    )
    select user_id from mine intersect select user_id from theirs order by user_id`.execute(db);
  return rows.rows.map((r) => r.user_id);
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

/** Accepted pairs, for the recommendation model's training and features. */
export async function acceptedPairs(db: SocialGraphDb): Promise<Array<{ a: string; b: string }>> {
  const rows = await db
    .selectFrom('connection_requests')
    .select(['sender_id as a', 'receiver_id as b'])
    .where('deleted', '=', false)
    .where('status', '=', 'accepted')
    .execute();
  return rows;
}
