import type {
  ConnectionAccepted,
  ConnectionCancelled,
  ConnectionDeclined,
  ConnectionRemoved,
  ConnectionRequested,
  EventDefinition,
  EventEnvelope,
  EventPayload,
  FeedCommentAdded,
  FeedMemberMentioned,
  FeedPhotoTagged,
  FeedPostDeleted,
  FeedReactionAdded,
  FeedReactionRemoved,
  MessageDeleted,
  MessageSent,
} from '@mer/contracts';
import { recordConnectionRequest, setConnectionRequestStatus } from '../db/connection-requests.repository.ts';
import { findMember } from '../db/members.repository.ts';
import { deleteBySource, setStatusBySource } from '../db/notifications.repository.ts';
import { displayName } from '../domain/html.ts';
import type { NotificationsEmailDeps, NotificationsEmailTx } from '../deps.ts';
import { createNotification, createNotifications, recordReaction, removeReaction } from './notify.ts';

type Envelope<E extends EventDefinition> = EventEnvelope<EventPayload<E>>;
type Deps = NotificationsEmailDeps;

const nameOf = (name: string | null | undefined) => displayName(name ?? '') || 'A member';

/** Who did it, as this service knows them (the name and photo the notification shows). */
async function actor(tx: NotificationsEmailTx, userId: string) {
  const m = await findMember(tx.trx, userId);
  return { name: nameOf(m?.name), imageUrl: m?.image_url ?? null, bio: m?.bio ?? null };
}

/** A connection request: the receiver's connection_request item (status pending); its e-mail goes by batch. */
export async function notifyConnectionRequested(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof ConnectionRequested>,
) {
  const p = e.payload;
  const at = new Date(p.requestedAt);
  const status = await recordConnectionRequest(tx.trx, {
    requestId: p.requestId,
    senderId: p.senderId,
    receiverId: p.receiverId,
    senderName: p.senderName,
    senderImageUrl: p.senderImageUrl,
    at,
  });
  // Withdrawn, declined or accepted before this event was handled: nothing to ask the receiver any more.
  if (status !== 'pending') return;
  const sender = await findMember(tx.trx, p.senderId);
  const name = nameOf(p.senderName);
  await createNotification(deps, tx, {
    userId: p.receiverId,
    type: 'connection_request',
    title: 'New connection request',
    message: `${name} would like to connect with you`,
    sourceKey: `connection_request:${p.requestId}`,
    connectionRequestId: p.requestId,
    senderUserId: p.senderId,
    senderName: name,
    senderAvatarUrl: p.senderImageUrl,
    metadata: { status: 'pending', ...(sender?.bio ? { senderBio: sender.bio } : {}) },
    at,
  });
}

/** Accepted: the sender hears of it; the receiver's request item now says accepted. */
export async function notifyConnectionAccepted(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof ConnectionAccepted>,
) {
  const p = e.payload;
  const at = new Date(p.acceptedAt);
  await setConnectionRequestStatus(tx.trx, p, 'accepted', at);
  await setStatusBySource(tx.trx, p.receiverId, `connection_request:${p.requestId}`, 'accepted');
  const name = nameOf(p.receiverName);
  await createNotification(deps, tx, {
    userId: p.senderId,
    type: 'connection_accepted',
    title: 'Connection accepted',
    message: `${name} accepted your connection request`,
    sourceKey: `connection_accepted:${p.requestId}`,
    connectionRequestId: p.requestId,
    senderUserId: p.receiverId,
    senderName: name,
    senderAvatarUrl: p.receiverImageUrl,
    metadata: { status: 'accepted' },
    at,
  });
}

/** Withdrawn: the receiver's pending item goes (the social-graph contract allows it); no e-mail any more. */
export async function forgetConnectionRequest(
  tx: NotificationsEmailTx,
  e: Envelope<typeof ConnectionCancelled | typeof ConnectionDeclined | typeof ConnectionRemoved>,
) {
  const p = e.payload;
  await setConnectionRequestStatus(tx.trx, p, 'ended', new Date(e.occurredAt));
  if (e.subject === 'social-graph.connection.cancelled.v1') {
    await deleteBySource(tx.trx, p.receiverId, `connection_request:${p.requestId}`);
  } else {
    await setStatusBySource(tx.trx, p.receiverId, `connection_request:${p.requestId}`, 'ended');
  }
}

const PREVIEW_LENGTH = 140;
const preview = (text: string) =>
  text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;

/** A message: each recipient's message item (the spec's send-message-notification), high-priority e-mail, push. */
export async function notifyMessageSent(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof MessageSent>,
) {
  const p = e.payload;
  const name = nameOf(p.senderName);
  await createNotifications(
    deps,
    tx,
    p.recipientIds.map((recipientId) => ({
      userId: recipientId,
      type: 'message',
      title: `New message from ${name}`,
      message: `${name} sent you a message`,
      sourceKey: `message:${p.messageId}`,
      senderUserId: p.senderId,
      senderName: name,
      senderAvatarUrl: p.senderImageUrl,
      metadata: { conversation_id: p.conversationId, message_id: p.messageId },
      contentPreview: preview(p.body),
      at: new Date(p.sentAt),
    })),
  );
}

/** A deleted message: its notification goes while unread text would show what the sender took back. */
export async function forgetDeletedMessage(tx: NotificationsEmailTx, e: Envelope<typeof MessageDeleted>) {
  for (const memberId of e.payload.memberIds) {
    if (memberId !== e.payload.senderId)
      await deleteBySource(tx.trx, memberId, `message:${e.payload.messageId}`);
  }
}

export async function notifyReaction(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof FeedReactionAdded>,
) {
  const p = e.payload;
  await recordReaction(deps, tx, {
    postId: p.postId,
    postAuthorId: p.postAuthorId,
    reactorId: p.memberId,
    reactionType: p.type,
    previousType: p.previousType,
    at: new Date(e.occurredAt),
  });
}

export async function forgetReaction(tx: NotificationsEmailTx, e: Envelope<typeof FeedReactionRemoved>) {
  await removeReaction(tx, {
    postId: e.payload.postId,
    postAuthorId: e.payload.postAuthorId,
    reactorId: e.payload.memberId,
  });
}

/** A comment: the post's author hears of it, and on a reply the author of the comment answered too. */
export async function notifyComment(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof FeedCommentAdded>,
) {
  const p = e.payload;
  const who = await actor(tx, p.authorId);
  const recipients = new Map<string, string>();
  if (p.parentAuthorId && p.parentAuthorId !== p.authorId)
    recipients.set(p.parentAuthorId, `${who.name} replied to your comment`);
  if (!recipients.has(p.postAuthorId)) recipients.set(p.postAuthorId, `${who.name} commented on your post`);
  for (const [userId, message] of recipients) {
    await createNotification(deps, tx, {
      userId,
      type: 'post_comment',
      title: 'New comment',
      message,
      sourceKey: `comment:${p.commentId}`,
      senderUserId: p.authorId,
      senderName: who.name,
      senderAvatarUrl: who.imageUrl,
      metadata: { post_id: p.postId, post_type: 'community', comment_id: p.commentId },
      contentPreview: p.preview,
      at: new Date(e.occurredAt),
    });
  }
}

export async function notifyMention(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof FeedMemberMentioned>,
) {
  const p = e.payload;
  const who = await actor(tx, p.byUserId);
  await createNotification(deps, tx, {
    userId: p.mentionedUserId,
    type: 'mention',
    title: 'You were mentioned',
    message: p.commentId ? `${who.name} mentioned you in a comment` : `${who.name} mentioned you in a post`,
    sourceKey: `mention:${p.postId}:${p.commentId ?? 'post'}`,
    senderUserId: p.byUserId,
    senderName: who.name,
    senderAvatarUrl: who.imageUrl,
    metadata: {
      post_id: p.postId,
      post_type: 'community',
      ...(p.commentId ? { comment_id: p.commentId } : {}),
    },
    contentPreview: p.preview,
    at: new Date(e.occurredAt),
  });
}

export async function notifyPhotoTag(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof FeedPhotoTagged>,
) {
  const p = e.payload;
  const who = await actor(tx, p.byUserId);
  await createNotification(deps, tx, {
    userId: p.taggedUserId,
    type: 'photo_tag',
    title: 'You were tagged in a photo',
    message: p.albumName
      ? `${who.name} tagged you in a photo in ${p.albumName}`
      : `${who.name} tagged you in a photo`,
    sourceKey: `photo_tag:${p.photoId}`,
    senderUserId: p.byUserId,
    senderName: who.name,
    senderAvatarUrl: who.imageUrl,
    metadata: { photo_id: p.photoId, ...(p.albumName ? { album_name: p.albumName } : {}) },
    at: new Date(e.occurredAt),
  });
}

/** A deleted post: the reactions, comments and mentions about it lead nowhere any more. */
export async function forgetDeletedPost(tx: NotificationsEmailTx, e: Envelope<typeof FeedPostDeleted>) {
  await deleteBySource(tx.trx, e.payload.authorId, `post_reaction:${e.payload.postId}`);
}
