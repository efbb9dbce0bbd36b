import { randomUUID } from 'node:crypto';
import {
  ConversationRead,
  ConversationStarted,
  MemberTyping,
  MessagingTexts,
  type MessagingConversation,
} from '@mer/contracts';
import { authenticationError, DomainError, invalidData, notFound } from '@mer/service-runtime';
import {
  conversationMemberIds,
  findConversationView,
  findMembership,
  findPairConversationId,
  insertPairConversation,
  listConversationViews,
  lockConversation,
  markRead,
  unreadTotal,
} from '../db/conversations.repository.ts';
import {
  findConsentFacts,
  findMemberProfile,
  findSettings,
  isBlockedEitherWay,
} from '../db/members.repository.ts';
import type { MessagingDb } from '../db/tables.ts';
import type { MessagingDeps } from '../deps.ts';
import { consentRefusal, orderedPair } from '../domain/rules.ts';
import { assertActiveMembership } from './memberships.ts';
import { lockMembers, publishUnreadTotals } from './unread.ts';
import { toConversation } from './views.ts';

export async function listConversations(
  deps: MessagingDeps,
  memberId: string,
): Promise<{ conversations: MessagingConversation[] }> {
  return { conversations: (await listConversationViews(deps.db, memberId)).map(toConversation) };
}

/** One conversation of the member; another member's conversation answers as if it did not exist. */
export async function getConversation(
  deps: MessagingDeps,
  memberId: string,
  conversationId: string,
): Promise<MessagingConversation> {
  const view = await findConversationView(deps.db, memberId, conversationId);
  if (!view) throw notFound();
  return toConversation(view);
}

/**
 * Refuses a sender who may not message the recipient (a block either way; 'Only my connections can message me'
 * without a connection) with the reason in the product's words (403). In a conversation (`conversationId`), a
 * recipient who already wrote there may always be answered ('Only my connections' is about unsolicited messages).
 */
export async function assertMayMessage(
  db: MessagingDb,
  senderId: string,
  recipientId: string,
  conversationId: string | null = null,
): Promise<void> {
  const facts = await findConsentFacts(db, {
    senderId,
    recipientId,
    pair: orderedPair(senderId, recipientId),
    conversationId,
  });
  const refusal = consentRefusal({
    blocked: facts.blocked,
    recipientOnlyConnections: facts.onlyConnections && !facts.recipientWrote,
    connected: facts.connected,
  });
  if (refusal) throw new DomainError('permission_denied', { message: refusal });
}

/**
 * Start a conversation with another member, or reuse the pair's (spec 001 section 4). Both members' locks are
 * held (in one order) and the pair is unique, so two members starting at once get one conversation.
 */
export async function startConversation(
  deps: MessagingDeps,
  memberId: string,
  otherId: string,
): Promise<{ created: boolean; conversation: MessagingConversation }> {
  if (otherId === memberId)
    throw invalidData('Invalid Data', MessagingTexts.cannotMessageYourself, 'memberId');
  const { created, id } = await deps.transaction(async (tx) => {
    await lockMembers(tx, [memberId, otherId]);
    if (await tx.members.isErased(memberId)) throw authenticationError();
    await assertActiveMembership(tx.trx, memberId);
    if ((await tx.members.isErased(otherId)) || !(await findMemberProfile(tx.trx, otherId))) throw notFound();
    await assertMayMessage(tx.trx, memberId, otherId);
    const pair = orderedPair(memberId, otherId);
    const existing = await findPairConversationId(tx.trx, pair);
    if (existing) return { created: false, id: existing };
    const id = randomUUID();
    const inserted = await insertPairConversation(tx.trx, { id, createdBy: memberId, ...pair });
    if (!inserted) return { created: false, id: (await findPairConversationId(tx.trx, pair))! };
    await tx.publish(ConversationStarted, {
      conversationId: id,
      startedBy: memberId,
      memberIds: [pair.low, pair.high],
      startedAt: new Date().toISOString(),
    });
    return { created: true, id };
  });
  return { created, conversation: await getConversation(deps, memberId, id) };
}

/**
 * mark_conversation_read: the member read everything up to the conversation's last sequence number. The
 * conversation row is locked, so a message sent at the same moment is either counted read or stays unread, never
 * lost from the count. Nothing is published when nothing changed (opening a read conversation again).
 */
export async function markConversationRead(
  deps: MessagingDeps,
  memberId: string,
  conversationId: string,
): Promise<{ conversationId: string; readUpTo: number; unreadTotal: number }> {
  return deps.transaction(async (tx) => {
    await tx.members.lock(memberId);
    const conversation = await lockConversation(tx.trx, conversationId);
    const membership = conversation && (await findMembership(tx.trx, conversationId, memberId));
    if (!conversation || !membership) throw notFound();
    const upTo = conversation.last_sequence;
    if (membership.last_read_sequence !== upTo || membership.unread_count !== 0) {
      await markRead(tx.trx, conversationId, memberId, upTo);
      const at = new Date();
      const settings = await findSettings(tx.trx, memberId);
      await tx.publish(ConversationRead, {
        conversationId,
        readerId: memberId,
        memberIds: await conversationMemberIds(tx.trx, conversationId),
        readUpTo: upTo,
        receiptsVisible: settings.read_receipts,
        readAt: at.toISOString(),
      });
      if (membership.unread_count !== 0) await publishUnreadTotals(tx, [memberId], at);
    }
    return { conversationId, readUpTo: upTo, unreadTotal: await unreadTotal(tx.trx, memberId) };
  });
}

export async function getUnreadTotal(deps: MessagingDeps, memberId: string): Promise<{ count: number }> {
  return { count: await unreadTotal(deps.db, memberId) };
}

/** The other members of a conversation the member belongs to (404 otherwise). */
export async function otherMembers(
  db: MessagingDb,
  memberId: string,
  conversationId: string,
): Promise<string[]> {
  const members = await conversationMemberIds(db, conversationId);
  if (!members.includes(memberId)) throw notFound();
  return members.filter((m) => m !== memberId);
}

/**
 * The member is typing: a hint straight to the bus (no outbox, nothing stored), only to members they may message.
 * A refused hint is dropped silently: typing is never an error the member should see.
 */
export async function signalTyping(
  deps: MessagingDeps,
  memberId: string,
  conversationId: string,
): Promise<void> {
  const others = await otherMembers(deps.db, memberId, conversationId);
  const recipientIds: string[] = [];
  for (const other of others) {
    if (!(await isBlockedEitherWay(deps.db, memberId, other))) recipientIds.push(other);
  }
  if (recipientIds.length === 0) return;
  await deps.hints.publish(MemberTyping, {
    conversationId,
    memberId,
    recipientIds,
    typedAt: new Date().toISOString(),
  });
}
