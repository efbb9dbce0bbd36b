import { randomUUID } from 'node:crypto';
import {
  ConnectionAccepted,
  ConnectionCancelled,
  ConnectionDeclined,
  ConnectionRemoved,
  ConnectionRequested,
  SOCIAL_GRAPH_TEXT,
  type ConnectionList,
  type ConnectionStatus,
  type MutualConnections,
  type SocialGraphAccess,
} from '@mer/contracts';
import {
  authenticationError,
  DomainError,
  invalidData,
  notFound,
  permissionDenied,
} from '@mer/service-runtime';
import {
  findLiveRequest,
  findRequest,
  insertRequest,
  listRequests,
  lockPair,
  markAccepted,
  markDeleted,
  mutualConnectionIds,
  type ListKind,
} from '../db/connections.repository.ts';
import { visibleMember } from '../db/discovery.repository.ts';
import { findMember, findMembers } from '../db/members.repository.ts';
import { membershipsOf } from '../db/memberships.repository.ts';
import type { ConnectionRequestRow, MemberRow, SocialGraphDb } from '../db/tables.ts';
import type { SocialGraphDeps, SocialGraphTx } from '../deps.ts';
import { decodeCursor, encodeCursor } from '../domain/cursor.ts';
import { deriveStatus, otherMemberOf } from '../domain/connection-status.ts';
import { hasActiveMembership } from '@mer/contracts';
import { cardsFor } from './cards.ts';

/**
 * Connection requests (spec 001 sections 3 and 4). Every change of a pair runs under the pair's lock, so two
 * members acting at once are applied one after the other: two requests crossing become one connection.
 */

/**
 * The /connections guard, applied to every change: the member finished onboarding here; to send or accept a
 * request (`connect`), their membership is active too.
 */
async function actingMember(tx: SocialGraphTx, memberId: string, connect = false): Promise<MemberRow> {
  await tx.members.lock(memberId);
  if (await tx.members.isErased(memberId)) throw authenticationError();
  const me = await findMember(tx.trx, memberId);
  if (!me?.onboarded) throw permissionDenied(SOCIAL_GRAPH_TEXT.notOnboarded);
  if (connect && !(await membershipActive(tx.trx, memberId))) {
    throw permissionDenied(SOCIAL_GRAPH_TEXT.membershipRequired);
  }
  return me;
}

async function membershipActive(db: SocialGraphDb, memberId: string): Promise<boolean> {
  const rows = await membershipsOf(db, memberId);
  return hasActiveMembership(
    rows.map((r) => ({
      status: r.status,
      expiresAt: r.expires_at,
      cancelAtPeriodEnd: r.cancel_at_period_end,
      occurredAt: r.occurred_at,
    })),
    new Date(),
  );
}

/** What the /connections guard checks for this member. */
export async function myAccess(deps: SocialGraphDeps, memberId: string): Promise<SocialGraphAccess> {
  const [me, membership] = await Promise.all([
    findMember(deps.db, memberId),
    membershipActive(deps.db, memberId),
  ]);
  const onboarded = me?.onboarded === true;
  return { onboarded, membershipActive: membership, canConnect: onboarded && membership };
}

export async function connectionStatus(
  deps: SocialGraphDeps,
  viewerId: string,
  otherId: string,
): Promise<ConnectionStatus> {
  return deriveStatus(viewerId, otherId, await findLiveRequest(deps.db, viewerId, otherId));
}

export async function sendRequest(
  deps: SocialGraphDeps,
  senderId: string,
  receiverId: string,
  source: string | null = null,
): Promise<ConnectionStatus> {
  if (receiverId === senderId)
    throw invalidData('Invalid Data', SOCIAL_GRAPH_TEXT.selfRequest, 'body.userId');
  return deps.transaction(async (tx) => {
    const me = await actingMember(tx, senderId, true);
    // Blocked either way, not onboarded or unknown: the same 'not found' (a block is silent).
    if (!(await visibleMember(tx.trx, senderId, receiverId)))
      throw notFound(SOCIAL_GRAPH_TEXT.memberNotFound);
    await lockPair(tx.trx, senderId, receiverId);
    const live = await findLiveRequest(tx.trx, senderId, receiverId);
    if (live?.status === 'pending' && live.sender_id === receiverId) {
      // The other member asked first (or at the same moment): this request accepts theirs.
      return accept(tx, me, live);
    }
    if (live) return deriveStatus(senderId, receiverId, live);
    const now = new Date();
    const row = await insertRequest(tx.trx, { id: randomUUID(), senderId, receiverId, at: now, source });
    await tx.publish(ConnectionRequested, {
      requestId: row.id,
      senderId,
      receiverId,
      senderName: me.name,
      senderImageUrl: me.image_url,
      requestedAt: now.toISOString(),
    });
    return deriveStatus(senderId, receiverId, row);
  });
}

async function accept(
  tx: SocialGraphTx,
  receiver: MemberRow,
  row: ConnectionRequestRow,
): Promise<ConnectionStatus> {
  const now = new Date();
  const accepted = await markAccepted(tx.trx, row.id, now);
  await tx.publish(ConnectionAccepted, {
    requestId: row.id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    receiverName: receiver.name,
    receiverImageUrl: receiver.image_url,
    acceptedAt: now.toISOString(),
  });
  return deriveStatus(receiver.user_id, row.sender_id, accepted);
}

/**
 * The request a member acts on, under the pair's lock: 404 unless the member is one of its two sides (another
 * member's request id reveals nothing).
 */
async function lockedRequest(
  tx: SocialGraphTx,
  memberId: string,
  requestId: string,
): Promise<ConnectionRequestRow> {
  const first = await findRequest(tx.trx, requestId);
  if (!first || (first.sender_id !== memberId && first.receiver_id !== memberId)) {
    throw notFound(SOCIAL_GRAPH_TEXT.memberNotFound);
  }
  await lockPair(tx.trx, first.sender_id, first.receiver_id);
  return (await findRequest(tx.trx, requestId))!;
}

const notPending = () =>
  new DomainError('invalid_reference', { message: SOCIAL_GRAPH_TEXT.requestNotPending });

export async function acceptRequest(
  deps: SocialGraphDeps,
  memberId: string,
  requestId: string,
): Promise<ConnectionStatus> {
  return deps.transaction(async (tx) => {
    const me = await actingMember(tx, memberId, true);
    const row = await lockedRequest(tx, memberId, requestId);
    if (row.receiver_id !== memberId) throw permissionDenied();
    if (row.deleted) throw notPending();
    if (row.status === 'accepted') return deriveStatus(memberId, row.sender_id, row);
    return accept(tx, me, row);
  });
}

export async function declineRequest(
  deps: SocialGraphDeps,
  memberId: string,
  requestId: string,
): Promise<ConnectionStatus> {
  return endPendingRequest(deps, memberId, requestId, 'receiver');
}

export async function cancelRequest(
  deps: SocialGraphDeps,
  memberId: string,
  requestId: string,
): Promise<ConnectionStatus> {
  return endPendingRequest(deps, memberId, requestId, 'sender');
}

/**
 * Declining (by the receiver) and cancelling (by the sender) end a pending request the same way: only that side
 * may, answering again changes nothing, and the event says which of the two it was.
 */
async function endPendingRequest(
  deps: SocialGraphDeps,
  memberId: string,
  requestId: string,
  by: 'receiver' | 'sender',
): Promise<ConnectionStatus> {
  return deps.transaction(async (tx) => {
    await actingMember(tx, memberId);
    const row = await lockedRequest(tx, memberId, requestId);
    const [actor, other] =
      by === 'receiver' ? [row.receiver_id, row.sender_id] : [row.sender_id, row.receiver_id];
    if (actor !== memberId) throw permissionDenied();
    if (row.deleted) return deriveStatus(memberId, other, undefined);
    if (row.status !== 'pending') throw notPending();
    const now = new Date();
    await markDeleted(tx.trx, row.id, now);
    const request = { requestId: row.id, senderId: row.sender_id, receiverId: row.receiver_id };
    if (by === 'receiver')
      await tx.publish(ConnectionDeclined, { ...request, declinedAt: now.toISOString() });
    else await tx.publish(ConnectionCancelled, { ...request, cancelledAt: now.toISOString() });
    return deriveStatus(memberId, other, undefined);
  });
}

export async function removeConnection(
  deps: SocialGraphDeps,
  memberId: string,
  otherId: string,
): Promise<ConnectionStatus> {
  return deps.transaction(async (tx) => {
    await actingMember(tx, memberId);
    await lockPair(tx.trx, memberId, otherId);
    const live = await findLiveRequest(tx.trx, memberId, otherId);
    if (!live || live.status !== 'accepted') return deriveStatus(memberId, otherId, live);
    await endRequest(tx, live, memberId, 'removed');
    return deriveStatus(memberId, otherId, undefined);
  });
}

/** Ends a live row (a removal, a block, a deletion) and says so. */
export async function endRequest(
  tx: SocialGraphTx,
  row: ConnectionRequestRow,
  by: string | null,
  reason: 'removed' | 'blocked' | 'deleted',
): Promise<void> {
  const now = new Date();
  await markDeleted(tx.trx, row.id, now);
  await tx.publish(ConnectionRemoved, {
    requestId: row.id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    removedBy: by,
    reason,
    removedAt: now.toISOString(),
  });
}

const LIST_DEFAULT = 20;

export async function listConnections(
  deps: SocialGraphDeps,
  memberId: string,
  kind: ListKind,
  query: { cursor?: string; limit?: number },
): Promise<ConnectionList> {
  const limit = query.limit ?? LIST_DEFAULT;
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !after)
    throw invalidData('Invalid Data', 'Invalid cursor', 'querystring.cursor');
  const rows = await listRequests(deps.db, memberId, kind, limit + 1, after);
  const page = rows.slice(0, limit);
  const viewer = await findMember(deps.db, memberId);
  const others = await findMembers(
    deps.db,
    page.map((r) => otherMemberOf(r, memberId)),
  );
  const byId = new Map(others.map((m) => [m.user_id, m]));
  const present = page.filter((r) => byId.has(otherMemberOf(r, memberId)));
  const cards = await cardsFor(
    deps.db,
    viewer,
    memberId,
    present.map((r) => byId.get(otherMemberOf(r, memberId))!),
  );
  const last = page[page.length - 1];
  return {
    items: present.map((r, i) => ({ requestId: r.id, person: cards[i]!, at: r.at.toISOString() })),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
  };
}

export async function mutualConnections(
  deps: SocialGraphDeps,
  memberId: string,
  otherId: string,
  limit: number,
): Promise<MutualConnections> {
  if (!(await visibleMember(deps.db, memberId, otherId))) throw notFound(SOCIAL_GRAPH_TEXT.memberNotFound);
  const ids = await mutualConnectionIds(deps.db, memberId, otherId);
  const viewer = await findMember(deps.db, memberId);
  const members = await findMembers(deps.db, ids.slice(0, limit));
  return { total: ids.length, people: await cardsFor(deps.db, viewer, memberId, members) };
}
