import { Type } from '@sinclair/typebox';
import { defineEvent, type EventDefinition } from './envelope.ts';
import { securityThreatDetectedEvent } from './security.ts';

/*
 * Events messaging publishes. Subjects are `messaging.<entity>.<past-tense-event>.v<N>`; a published subject
 * never changes meaning: a breaking change is a new version (…v2) published beside the old.
 * Every event about a conversation names its members (memberIds): the gateway pushes it to their open tabs.
 */

const Uuid = Type.String({ format: 'uuid' });
const At = Type.String({ format: 'date-time' });
const Sequence = Type.Integer({ minimum: 1, description: 'the per-conversation server sequence number' });
const MemberIds = Type.Array(Uuid, { description: 'the conversation members (their tabs get the event)' });

export const ConversationStarted = defineEvent(
  'messaging.conversation.started.v1',
  'A member started a one-to-one conversation with another (a second start by either reuses it: no event).',
  Type.Object({ conversationId: Uuid, startedBy: Uuid, memberIds: MemberIds, startedAt: At }),
);

export const MessageSent = defineEvent(
  'messaging.message.sent.v1',
  'A member sent a message. notifications-email creates the in-app message notification and the high-priority, ' +
    "never-batched message e-mail for each recipient (the spec's send-message-notification {messageId, " +
    'recipientId, senderId, messageBody}); body is sanitised plain text.',
  Type.Object({
    messageId: Uuid,
    conversationId: Uuid,
    sequence: Sequence,
    senderId: Uuid,
    senderName: Type.String(),
    senderImageUrl: Type.Union([Type.String(), Type.Null()]),
    /** The other members of the conversation: who is notified. */
    recipientIds: Type.Array(Uuid),
    memberIds: MemberIds,
    /** Empty when the message is a photo alone. */
    body: Type.String(),
    /** The message's photo (absent in events written before photos existed). */
    photoUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    /** The sender's own id for the message (the optimistic one), so their other tabs can deduplicate. */
    clientMessageId: Type.Union([Uuid, Type.Null()]),
    sentAt: At,
  }),
);

export const MessageEdited = defineEvent(
  'messaging.message.edited.v1',
  'The sender edited a message (shown as edited); body is the new sanitised text.',
  Type.Object({
    messageId: Uuid,
    conversationId: Uuid,
    sequence: Sequence,
    senderId: Uuid,
    memberIds: MemberIds,
    body: Type.String(),
    editedAt: At,
  }),
);

export const MessageDeleted = defineEvent(
  'messaging.message.deleted.v1',
  'The sender deleted a message (shown as deleted; its text is gone). A pending notification of it can go.',
  Type.Object({
    messageId: Uuid,
    conversationId: Uuid,
    sequence: Sequence,
    senderId: Uuid,
    memberIds: MemberIds,
    deletedAt: At,
  }),
);

export const MessageReactionsChanged = defineEvent(
  'messaging.message.reactions-changed.v1',
  "A member reacted to a message or took their reaction back; the message's reactions after the change.",
  Type.Object({
    messageId: Uuid,
    conversationId: Uuid,
    memberIds: MemberIds,
    reactorId: Uuid,
    reactionCount: Type.Integer({ minimum: 0 }),
    reactions: Type.Array(Type.Object({ reaction: Type.String(), count: Type.Integer({ minimum: 1 }) })),
    changedAt: At,
  }),
);

export const ConversationRead = defineEvent(
  'messaging.conversation.read.v1',
  'A member read a conversation up to a sequence number (mark_conversation_read). receiptsVisible is false when ' +
    "the reader turned read receipts off: then only the reader's own tabs hear of it, never the sender ('Seen').",
  Type.Object({
    conversationId: Uuid,
    readerId: Uuid,
    memberIds: MemberIds,
    readUpTo: Type.Integer({ minimum: 0 }),
    receiptsVisible: Type.Boolean(),
    readAt: At,
  }),
);

export const UnreadTotalChanged = defineEvent(
  'messaging.unread-total.changed.v1',
  "A member's total of unread messages changed (a message arrived, they read, a message was deleted): the " +
    "navigation's Conversations badge.",
  Type.Object({ memberId: Uuid, unreadTotal: Type.Integer({ minimum: 0 }), changedAt: At }),
);

export const MemberTyping = defineEvent(
  'messaging.member.typed.v1',
  'A member is typing in a conversation: a realtime hint only, published straight to the bus (not through the ' +
    'outbox: a lost hint does no harm). The gateway pushes it to the other members; nothing stores it.',
  Type.Object({ conversationId: Uuid, memberId: Uuid, recipientIds: Type.Array(Uuid), typedAt: At }),
);

/** Hostile member text seen in a message, for the admin security log. */
export const MessagingThreatDetected = securityThreatDetectedEvent('messaging');

export const MessageReported = defineEvent(
  'messaging.content.reported.v1',
  'A member of a conversation reported one of its messages with a reason; context is that message alone.',
  Type.Object({
    reportId: Uuid,
    targetType: Type.Literal('message'),
    targetId: Uuid,
    /** The sender of the reported message. */
    authorId: Uuid,
    reporterId: Uuid,
    reason: Type.String(),
    /** Reports of the message from different members so far. */
    reportCount: Type.Integer({ minimum: 1 }),
    /** The reported message's text as stored (sanitised), or '📷 Photo' for a photo alone; nothing else of the conversation. */
    context: Type.String(),
  }),
);

export const messagingEvents: readonly EventDefinition[] = [
  ConversationStarted,
  MessageSent,
  MessageEdited,
  MessageDeleted,
  MessageReactionsChanged,
  ConversationRead,
  UnreadTotalChanged,
  MemberTyping,
  MessageReported,
  MessagingThreatDetected,
];
