import { randomUUID } from 'node:crypto';
import {
  hasActiveMembership,
  MessageDeleted,
  MessageEdited,
  MessageReactionsChanged,
  MessageSent,
  MessagingTexts,
  UnreadTotalChanged,
  type MessagingMessage,
  type MessagingMessagePage,
} from '@mer/contracts';
import { authenticationError, DomainError, notFound, permissionDenied } from '@mer/service-runtime';
import {
  conversationMemberIds,
  findConversationView,
  lockConversation,
  removeUnread,
  setPreviewIfLast,
  unreadTotal,
} from '../db/conversations.repository.ts';
import { findSendFacts, saveSentMessage } from '../db/message-sending.repository.ts';
import { isBlockedEitherWay } from '../db/members.repository.ts';
import {
  findMessage,
  findMessageForUpdate,
  markDeleted,
  pageMessages,
  reactionsOf,
  recountReactions,
  removeReaction,
  setReaction,
  updateBody,
} from '../db/messages.repository.ts';
import type { MessageRow, MessagingDb } from '../db/tables.ts';
import type { MessagingDeps, MessagingTx } from '../deps.ts';
import { consentRefusal, countReactions, orderedPair } from '../domain/rules.ts';
import { assertMayMessage } from './conversations.ts';
import { attachPhoto, deletePhotos } from '../db/photos.repository.ts';
import { photoUrl, takeUnsentPhoto } from './photos.ts';

/** The conversation list's preview of a message that is a photo alone. */
export const PHOTO_PREVIEW = '📷 Photo';
import { messageText, reactionText } from './message-text.ts';
import { lockMembers, publishUnreadTotals } from './unread.ts';
import { seenUpTo, toMessage } from './views.ts';

/** Messages as the caller sees them: reactions counted, 'Seen' on their own ones. */
async function present(
  db: MessagingDb,
  callerId: string,
  conversationId: string,
  rows: MessageRow[],
): Promise<MessagingMessage[]> {
  const view = await findConversationView(db, callerId, conversationId);
  const seen = view ? seenUpTo(view) : null;
  const reactions = await reactionsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toMessage(
      row,
      callerId,
      seen,
      reactions.filter((r) => r.message_id === row.id),
    ),
  );
}

/**
 * A page of a conversation the member belongs to, ascending: the latest, older ones (`before`) or the catch-up
 * after a reconnect (`after`: everything with a greater sequence number, oldest first, in pages).
 */
export async function listMessages(
  deps: MessagingDeps,
  memberId: string,
  conversationId: string,
  page: { before?: number | undefined; after?: number | undefined; limit?: number | undefined },
): Promise<MessagingMessagePage> {
  if (page.before !== undefined && page.after !== undefined) {
    throw new DomainError('invalid_data', { message: 'Use either before or after, not both.' });
  }
  const members = await conversationMemberIds(deps.db, conversationId);
  if (!members.includes(memberId)) throw notFound();
  const { rows, hasMore } = await pageMessages(deps.db, conversationId, { ...page, limit: page.limit ?? 50 });
  return { messages: await present(deps.db, memberId, conversationId, rows), hasMore };
}

/**
 * The members a conversation was started with, remembered by id: members never join a conversation later (they
 * only leave it, when their account is deleted), so this is always a superset of its members and locking it is
 * locking them. Saves a round trip before the locks on every send.
 */
const startingMembers = new Map<string, string[]>();
const REMEMBERED_CONVERSATIONS = 50_000;

async function membersToLock(db: MessagingDb, conversationId: string): Promise<string[]> {
  const known = startingMembers.get(conversationId);
  if (known) return known;
  const members = await conversationMemberIds(db, conversationId);
  if (members.length === 0) return members;
  if (startingMembers.size >= REMEMBERED_CONVERSATIONS)
    startingMembers.delete(startingMembers.keys().next().value as string);
  startingMembers.set(conversationId, members);
  return members;
}

/**
 * Sends a message: committed with its sequence number, the unread counts and the events (outbox) in one
 * transaction; the gateway then pushes it to every tab of both members. Both members' locks (one order) and the
 * conversation row lock make the sequence numbers gap-free and every unread count and total exact under
 * concurrent sends. A retry with the same clientMessageId returns the message already saved.
 * Four statements in all (the locks, the facts, the writes, the events: see message-sending.repository.ts).
 */
export async function sendMessage(
  deps: MessagingDeps,
  memberId: string,
  conversationId: string,
  input: { body?: string | undefined; photoId?: string | undefined; clientMessageId?: string | undefined },
): Promise<MessagingMessage> {
  const photoId = input.photoId ?? null;
  const body = await messageText(deps, memberId, input.body ?? '', { allowEmpty: photoId !== null });
  const clientMessageId = input.clientMessageId ?? null;
  const row = await deps.transaction(async (tx) => {
    const starting = await membersToLock(tx.trx, conversationId);
    if (!starting.includes(memberId)) {
      if (await tx.members.isErased(memberId)) throw authenticationError();
      throw notFound();
    }
    await lockMembers(tx, starting);
    // A one-to-one conversation: the other member it was started with (a group would name several).
    const otherId = starting.find((m) => m !== memberId) ?? memberId;
    // Read under the locks: a member erased meanwhile has left the conversation.
    const facts = await findSendFacts(tx.trx, {
      senderId: memberId,
      recipientId: otherId,
      pair: orderedPair(memberId, otherId),
      conversationId,
      clientMessageId,
    });
    const members = facts.memberIds;
    if (!members.includes(memberId)) {
      if (await tx.members.isErased(memberId)) throw authenticationError();
      throw notFound();
    }
    if (facts.savedMessageId) {
      const saved = await findMessage(tx.trx, facts.savedMessageId);
      if (saved) {
        if (saved.conversation_id !== conversationId) throw notFound();
        return { saved, fresh: false };
      }
    }
    // After the retry above: a message saved before the membership ended is still answered as saved.
    if (!hasActiveMembership(facts.memberships, new Date()))
      throw permissionDenied(MessagingTexts.membershipRequired);
    const recipients = members.filter((m) => m !== memberId);
    // A conversation whose other member deleted their account takes no new messages.
    if (recipients.length === 0) throw new DomainError('invalid_reference');
    for (const recipient of recipients) {
      if (recipient === otherId) {
        const refusal = consentRefusal({
          blocked: facts.blocked,
          recipientOnlyConnections: facts.onlyConnections && !facts.recipientWrote,
          connected: facts.connected,
        });
        if (refusal) throw new DomainError('permission_denied', { message: refusal });
      } else await assertMayMessage(tx.trx, memberId, recipient, conversationId);
    }
    const photo = photoId === null ? null : await takeUnsentPhoto(tx, memberId, photoId);
    if (facts.lastSequence === null) throw notFound();
    const at = new Date();
    const sequence = facts.lastSequence + 1;
    const saved = await saveSentMessage(tx.trx, {
      id: randomUUID(),
      conversationId,
      sequence,
      senderId: memberId,
      body,
      preview: body || PHOTO_PREVIEW,
      photoUrl: photo ? photoUrl(photo.storage_key) : null,
      clientMessageId,
      createdAt: at,
    });
    if (photo) await attachPhoto(tx.trx, photo.id, saved.id);
    await tx.publish(MessageSent, {
      messageId: saved.id,
      conversationId,
      sequence,
      senderId: memberId,
      senderName: facts.senderName || 'Unknown',
      senderImageUrl: facts.senderImageUrl,
      recipientIds: recipients,
      memberIds: members,
      body,
      photoUrl: saved.photo_url,
      clientMessageId,
      sentAt: at.toISOString(),
    });
    // Every recipient got one more unread message; the other member's total was read under their lock.
    for (const recipient of recipients) {
      const total =
        recipient === otherId ? facts.recipientUnreadTotal + 1 : await unreadTotal(tx.trx, recipient);
      await tx.publish(UnreadTotalChanged, {
        memberId: recipient,
        unreadTotal: total,
        changedAt: at.toISOString(),
      });
    }
    return { saved, fresh: true };
  });
  // A message just saved has no reactions and nobody read it yet: no need to ask the database (a send is on the
  // path of every message to the other member's screen). A retried one is presented as it is now.
  if (row.fresh) return toMessage(row.saved, memberId, null, []);
  const [message] = await present(deps.db, memberId, conversationId, [row.saved]);
  return message!;
}

/** The caller's own message, locked, in a conversation they belong to (404 otherwise, 403 for another's). */
async function ownMessage(tx: MessagingTx, memberId: string, messageId: string): Promise<MessageRow> {
  const found = await findMessage(tx.trx, messageId);
  if (!found) throw notFound();
  const members = await conversationMemberIds(tx.trx, found.conversation_id);
  if (!members.includes(memberId)) throw notFound();
  await lockMembers(tx, members);
  if (!(await lockConversation(tx.trx, found.conversation_id))) throw notFound();
  const row = await findMessageForUpdate(tx.trx, messageId);
  if (!row) throw notFound();
  if (row.sender_id !== memberId) throw permissionDenied(MessagingTexts.notYourMessage);
  if (row.deleted_at) throw new DomainError('invalid_reference', { message: MessagingTexts.messageDeleted });
  return row;
}

export async function editMessage(
  deps: MessagingDeps,
  memberId: string,
  messageId: string,
  input: { body: string },
): Promise<MessagingMessage> {
  const body = await messageText(deps, memberId, input.body);
  const row = await deps.transaction(async (tx) => {
    const current = await ownMessage(tx, memberId, messageId);
    if (current.body === body) return current;
    const at = new Date();
    const edited = await updateBody(tx.trx, messageId, body, at);
    await setPreviewIfLast(tx.trx, edited.conversation_id, edited.sequence, body);
    await tx.publish(MessageEdited, {
      messageId,
      conversationId: edited.conversation_id,
      sequence: edited.sequence,
      senderId: memberId,
      memberIds: await conversationMemberIds(tx.trx, edited.conversation_id),
      body,
      editedAt: at.toISOString(),
    });
    return edited;
  });
  const [message] = await present(deps.db, memberId, row.conversation_id, [row]);
  return message!;
}

/** Deletes an own message: its text and reactions go; an unread one no longer counts as unread. */
export async function deleteMessage(
  deps: MessagingDeps,
  memberId: string,
  messageId: string,
): Promise<MessagingMessage> {
  const row = await deps.transaction(async (tx) => {
    const current = await ownMessage(tx, memberId, messageId);
    const at = new Date();
    const deleted = await markDeleted(tx.trx, messageId, at);
    await deletePhotos(tx.trx, { messageId });
    await setPreviewIfLast(tx.trx, deleted.conversation_id, deleted.sequence, null);
    const uncounted = await removeUnread(tx.trx, deleted.conversation_id, memberId, current.sequence);
    await tx.publish(MessageDeleted, {
      messageId,
      conversationId: deleted.conversation_id,
      sequence: deleted.sequence,
      senderId: memberId,
      memberIds: await conversationMemberIds(tx.trx, deleted.conversation_id),
      deletedAt: at.toISOString(),
    });
    await publishUnreadTotals(tx, uncounted, at);
    return deleted;
  });
  const [message] = await present(deps.db, memberId, row.conversation_id, [row]);
  return message!;
}

/** Sets (reaction) or takes back (null) the member's reaction to a message of one of their conversations. */
export async function changeReaction(
  deps: MessagingDeps,
  memberId: string,
  messageId: string,
  reaction: string | null,
): Promise<MessagingMessage> {
  const cleanReaction = reaction === null ? null : reactionText(reaction);
  const row = await deps.transaction(async (tx) => {
    await tx.members.lock(memberId);
    if (await tx.members.isErased(memberId)) throw authenticationError();
    const found = await findMessageForUpdate(tx.trx, messageId);
    if (!found) throw notFound();
    const members = await conversationMemberIds(tx.trx, found.conversation_id);
    if (!members.includes(memberId)) throw notFound();
    // Blocks are about any contact: a reaction is refused like a message (the recipient's settings are not).
    for (const other of members.filter((m) => m !== memberId)) {
      if (await isBlockedEitherWay(tx.trx, memberId, other)) {
        throw new DomainError('permission_denied', { message: MessagingTexts.cannotMessage });
      }
    }
    if (found.deleted_at)
      throw new DomainError('invalid_reference', { message: MessagingTexts.messageDeleted });
    if (cleanReaction === null) await removeReaction(tx.trx, messageId, memberId);
    else await setReaction(tx.trx, messageId, memberId, cleanReaction);
    const counted = await recountReactions(tx.trx, messageId);
    const reactions = await reactionsOf(tx.trx, [messageId]);
    await tx.publish(MessageReactionsChanged, {
      messageId,
      conversationId: counted.conversation_id,
      memberIds: members,
      reactorId: memberId,
      reactionCount: counted.reaction_count,
      reactions: countReactions(reactions.map((r) => r.reaction)),
      changedAt: new Date().toISOString(),
    });
    return counted;
  });
  const [message] = await present(deps.db, memberId, row.conversation_id, [row]);
  return message!;
}
