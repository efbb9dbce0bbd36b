import { randomUUID } from 'node:crypto';
import {
  MessageDeleted,
  MessageReported,
  MessagingTexts,
  type AdminModerationDecided,
  type EventPayload,
  type MessageReportReceipt,
} from '@mer/contracts';
import {
  authenticationError,
  DomainError,
  invalidData,
  notFound,
  permissionDenied,
} from '@mer/service-runtime';
import {
  conversationMemberIds,
  lockConversation,
  removeUnread,
  setPreviewIfLast,
} from '../db/conversations.repository.ts';
import { findMessage, findMessageForUpdate, markDeleted } from '../db/messages.repository.ts';
import { deletePhotos } from '../db/photos.repository.ts';
import { countReporters, insertReport } from '../db/reports.repository.ts';
import type { MessagingDeps, MessagingTx } from '../deps.ts';
import { reportReason } from './message-text.ts';
import { PHOTO_PREVIEW } from './messages.ts';
import { lockMembers, publishUnreadTotals } from './unread.ts';

/**
 * A member of the conversation reports one of its messages (someone else's) to the moderators; others are refused
 * with 403. One report per member per message: a repeat answers the existing report. The published report carries
 * that message's text as context and nothing else of the conversation (the admins' queue is not a window into it).
 */
export async function reportMessage(
  deps: MessagingDeps,
  memberId: string,
  messageId: string,
  body: { reason: string },
): Promise<MessageReportReceipt> {
  const reason = await reportReason(deps, memberId, body.reason);
  return deps.transaction(async (tx) => {
    await tx.members.lock(memberId);
    if (await tx.members.isErased(memberId)) throw authenticationError();
    const message = await findMessage(tx.trx, messageId);
    if (!message) throw notFound();
    const members = await conversationMemberIds(tx.trx, message.conversation_id);
    if (!members.includes(memberId))
      throw permissionDenied('Only the members of this conversation can report its messages.');
    if (message.deleted_at || message.sender_id === null)
      throw new DomainError('invalid_reference', { message: MessagingTexts.messageDeleted });
    if (message.sender_id === memberId)
      throw invalidData('Invalid Data', MessagingTexts.cannotReportOwnMessage, 'messageId');
    const { reportId, added } = await insertReport(tx.trx, {
      id: randomUUID(),
      messageId,
      reporterId: memberId,
      reason,
    });
    if (!added) return { reportId, alreadyReported: true };
    await tx.publish(MessageReported, {
      reportId,
      targetType: 'message',
      targetId: messageId,
      authorId: message.sender_id,
      reporterId: memberId,
      reason,
      reportCount: await countReporters(tx.trx, messageId),
      context: message.body || PHOTO_PREVIEW,
    });
    return { reportId, alreadyReported: false };
  });
}

type Decision = EventPayload<typeof AdminModerationDecided>;

/**
 * Carries out an admin's decision on a reported message (the admin service never writes here): hide and delete
 * both remove it as its sender's own deletion does (text, photo and reactions go; both members see it as deleted,
 * live through messaging.message.deleted.v1). Nothing else applies to a message; one already removed is nothing to
 * do, so a redelivered decision changes nothing.
 */
export async function applyModerationDecision(tx: MessagingTx, decision: Decision): Promise<void> {
  if (decision.service !== 'messaging' || decision.targetType !== 'message') return;
  if (decision.action !== 'hide' && decision.action !== 'delete') return;
  const found = await findMessage(tx.trx, decision.targetId);
  if (!found || found.deleted_at) return;
  const members = await conversationMemberIds(tx.trx, found.conversation_id);
  await lockMembers(tx, members);
  if (!(await lockConversation(tx.trx, found.conversation_id))) return;
  const current = await findMessageForUpdate(tx.trx, decision.targetId);
  if (!current || current.deleted_at || current.sender_id === null) return;
  const at = new Date(decision.decidedAt);
  const removed = await markDeleted(tx.trx, current.id, at);
  await deletePhotos(tx.trx, { messageId: current.id });
  await setPreviewIfLast(tx.trx, removed.conversation_id, removed.sequence, null);
  const uncounted = await removeUnread(tx.trx, removed.conversation_id, current.sender_id, current.sequence);
  await tx.publish(MessageDeleted, {
    messageId: current.id,
    conversationId: removed.conversation_id,
    sequence: removed.sequence,
    senderId: current.sender_id,
    memberIds: members,
    deletedAt: at.toISOString(),
  });
  await publishUnreadTotals(tx, uncounted, at);
}
