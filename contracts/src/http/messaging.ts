import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { NoContent, Notice, Timestamp, Uuid } from './common.ts';
import { REPORT_REASON_MAX_LENGTH } from './community-feed.ts';

/** The longest message body, in characters (issue 17). */
export const MESSAGE_MAX_LENGTH = 4000;

/** A message photo upload: the same types and size limit as the feed's photos (10 MB). */
export const MESSAGE_PHOTO_MAX_BYTES = 10_485_760;
export const MESSAGE_PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** The product's words for refusals of the messaging service (shown as the error's message). */
export const MessagingTexts = {
  /** The other member blocked the sender, or the sender blocked them (blocks are silent: same words). */
  cannotMessage: 'You cannot message this member.',
  onlyConnections: 'This member only accepts messages from their connections.',
  cannotMessageYourself: 'You cannot start a conversation with yourself.',
  notYourMessage: 'You can only change your own messages.',
  messageDeleted: 'This message was deleted.',
  emptyMessage: 'Message cannot be empty.',
  /** A member without an active membership starts or sends (spec 000 section 6: community pages need one). */
  membershipRequired: 'An active membership is needed to send messages.',
  /** The photoId of a send is not a photo the sender uploaded, or it is already in another message. */
  photoNotFound: 'This photo could not be found. Please upload it again.',
  cleanupComplete: 'Cleanup Complete',
  cannotReportOwnMessage: 'You cannot report your own message.',
} as const;

/** A reaction: an emoji or a short word ("❤️", "🙏", "thanks"). */
const Reaction = Type.String({ minLength: 1, maxLength: 16 });

/**
 * One item of the conversation list (the spec's list item): participantName defaults to 'Group Chat' for groups
 * and 'Unknown' otherwise (a deleted account, or a member whose profile is not known yet).
 */
export const MessagingConversation = Type.Object(
  {
    id: Uuid,
    title: Type.Union([Type.String(), Type.Null()]),
    isGroup: Type.Boolean(),
    participantId: Type.Union([Uuid, Type.Null()]),
    participantName: Type.String(),
    participantImage: Type.Union([Type.String(), Type.Null()]),
    lastMessage: Type.Union([Type.String(), Type.Null()]),
    lastMessageTime: Type.Union([Timestamp, Type.Null()]),
    /** The highest sequence number in the conversation (0 without messages): where catch-up starts. */
    lastSequence: Type.Integer({ minimum: 0 }),
    unreadCount: Type.Integer({ minimum: 0 }),
    /**
     * The other member has read up to this sequence number ('Seen' on the caller's messages up to it); null when
     * that member turned read receipts off.
     */
    seenUpTo: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { $id: 'MessagingConversation' },
);
export type MessagingConversation = Static<typeof MessagingConversation>;

export const MessagingMessage = Type.Object(
  {
    id: Uuid,
    conversationId: Uuid,
    sequence: Type.Integer({ minimum: 1 }),
    /** null once the sender's account was deleted (shown as 'Unknown'). */
    senderId: Type.Union([Uuid, Type.Null()]),
    /** Sanitised plain text (links made clickable by the client); null when deleted. */
    body: Type.Union([Type.String(), Type.Null()]),
    /** The one photo of a message (a re-encoded JPEG under an unguessable name); null without one or once deleted. */
    photoUrl: Type.Union([Type.String(), Type.Null()]),
    clientMessageId: Type.Union([Uuid, Type.Null()]),
    createdAt: Timestamp,
    editedAt: Type.Union([Timestamp, Type.Null()]),
    deletedAt: Type.Union([Timestamp, Type.Null()]),
    reactionCount: Type.Integer({ minimum: 0 }),
    reactions: Type.Array(Type.Object({ reaction: Type.String(), count: Type.Integer({ minimum: 1 }) })),
    /** The caller's own reaction, if any. */
    myReaction: Type.Union([Type.String(), Type.Null()]),
    /** The spec's messages.read: the other member read it (false when their read receipts are off). */
    read: Type.Boolean(),
  },
  { $id: 'MessagingMessage' },
);
export type MessagingMessage = Static<typeof MessagingMessage>;

/** An uploaded message photo, not yet sent: `id` goes into the send's `photoId`. */
export const MessagingPhoto = Type.Object(
  {
    id: Uuid,
    url: Type.String(),
    width: Type.Integer({ minimum: 1 }),
    height: Type.Integer({ minimum: 1 }),
  },
  { $id: 'MessagingPhoto' },
);
export type MessagingPhoto = Static<typeof MessagingPhoto>;

export const MessagingSettings = Type.Object(
  {
    /** Others see 'Seen' when this member read their messages (on by default). */
    readReceipts: Type.Boolean(),
    /** 'Only my connections can message me' (off by default). */
    onlyConnectionsCanMessage: Type.Boolean(),
  },
  { $id: 'MessagingSettings' },
);
export type MessagingSettings = Static<typeof MessagingSettings>;

const ConversationParams = Type.Object({ conversationId: Uuid }, { additionalProperties: false });
const MessageParams = Type.Object({ messageId: Uuid }, { additionalProperties: false });
const MessageBody = Type.String({ maxLength: MESSAGE_MAX_LENGTH });

export const MessagingMessagePage = Type.Object({
  /** Ascending by sequence number. */
  messages: Type.Array(MessagingMessage),
  /** More messages exist beyond this page (older for `before`, newer for `after`). */
  hasMore: Type.Boolean(),
});
export type MessagingMessagePage = Static<typeof MessagingMessagePage>;

/**
 * The member's total of unread messages (the sum of their conversations' unread counts). `count` is the name the
 * shell's navigation badge already reads.
 */
/** A report of one message to the moderators; the reason is plain text, as the feed's report. */
export const MessageReportBody = Type.Object(
  { reason: Type.String({ maxLength: REPORT_REASON_MAX_LENGTH }) },
  { additionalProperties: false },
);
export const MessageReportReceipt = Type.Object({
  reportId: Uuid,
  /** True when this member had reported the message already (the existing report is answered). */
  alreadyReported: Type.Boolean(),
});
export type MessageReportReceipt = Static<typeof MessageReportReceipt>;

export const MessagingUnreadCount = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type MessagingUnreadCount = Static<typeof MessagingUnreadCount>;

/** Every REST route of messaging. The gateway forwards /api/v1/messaging/... here; OpenAPI is generated from it. */
export const messagingRoutes = defineRoutes('messaging', {
  listConversations: {
    method: 'GET',
    path: '/api/v1/messaging/conversations',
    summary: "The member's conversations, most recent activity first, with last message and unread count",
    access: { kind: 'user' },
    response: { 200: Type.Object({ conversations: Type.Array(MessagingConversation) }) },
  },
  startConversation: {
    method: 'POST',
    path: '/api/v1/messaging/conversations',
    summary:
      'Start a one-to-one conversation with a member, or reuse the existing one of the pair (200 reused, 201 new)',
    access: { kind: 'user' },
    body: Type.Object({ memberId: Uuid }, { additionalProperties: false }),
    response: { 200: MessagingConversation, 201: MessagingConversation },
  },
  getConversation: {
    method: 'GET',
    path: '/api/v1/messaging/conversations/:conversationId',
    summary: 'One conversation of the member (the conversation view header)',
    access: { kind: 'user' },
    params: ConversationParams,
    response: { 200: MessagingConversation },
  },
  listMessages: {
    method: 'GET',
    path: '/api/v1/messaging/conversations/:conversationId/messages',
    summary:
      'Messages in ascending sequence order: the latest page, an older page (`before`, loading upward) or the ' +
      'catch-up after a reconnect (`after`: every message with a greater sequence number, oldest first)',
    access: { kind: 'user' },
    params: ConversationParams,
    querystring: Type.Object(
      {
        before: Type.Optional(Type.Integer({ minimum: 1 })),
        after: Type.Optional(Type.Integer({ minimum: 0 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
      },
      { additionalProperties: false },
    ),
    response: { 200: MessagingMessagePage },
  },
  sendMessage: {
    method: 'POST',
    path: '/api/v1/messaging/conversations/:conversationId/messages',
    summary:
      'Send a message: text (up to 4,000 characters), one photo uploaded before (`photoId`), or both. ' +
      'clientMessageId (the optimistic message id) makes a retry return the message already saved instead of ' +
      'sending it twice',
    access: { kind: 'user' },
    params: ConversationParams,
    body: Type.Object(
      {
        /** May be empty or left out when a photo is sent. */
        body: Type.Optional(MessageBody),
        /** The id of a photo the sender uploaded (POST /api/v1/messaging/photos) and has not sent yet. */
        photoId: Type.Optional(Uuid),
        clientMessageId: Type.Optional(Uuid),
      },
      { additionalProperties: false },
    ),
    response: { 201: MessagingMessage },
  },
  uploadPhoto: {
    method: 'POST',
    path: '/api/v1/messaging/photos',
    summary:
      'Upload the photo of a message as raw image bytes: type sniffed, re-encoded (JPEG, at most 2048 px a side, ' +
      'no EXIF or location); then send it with its id',
    access: { kind: 'user', loginMessage: 'You must be logged in to upload images' },
    rawBody: {
      contentTypes: MESSAGE_PHOTO_UPLOAD_TYPES,
      maxBytes: MESSAGE_PHOTO_MAX_BYTES,
      tooLargeMessage: 'File size must be less than 10MB',
    },
    response: { 201: MessagingPhoto },
  },
  photoFile: {
    method: 'GET',
    path: '/api/v1/messaging/photo-files/:fileName',
    summary: 'A message photo (JPEG) under its unguessable name',
    access: { kind: 'public' },
    params: Type.Object({
      fileName: Type.String({
        pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.jpg$',
        maxLength: 40,
      }),
    }),
    produces: 'image/jpeg',
    response: { 200: Type.String({ format: 'binary', description: 'The JPEG bytes' }) },
  },
  editMessage: {
    method: 'PATCH',
    path: '/api/v1/messaging/messages/:messageId',
    summary: 'Edit an own message (shown as edited)',
    access: { kind: 'user' },
    params: MessageParams,
    body: Type.Object({ body: MessageBody }, { additionalProperties: false }),
    response: { 200: MessagingMessage },
  },
  deleteMessage: {
    method: 'DELETE',
    path: '/api/v1/messaging/messages/:messageId',
    summary: 'Delete an own message (its text goes; shown as deleted)',
    access: { kind: 'user' },
    params: MessageParams,
    response: { 200: MessagingMessage },
  },
  reportMessage: {
    method: 'POST',
    path: '/api/v1/messaging/messages/:messageId/report',
    summary:
      'A member of the conversation reports a message to the moderators (only that message is sent with it); once',
    access: { kind: 'user' },
    params: MessageParams,
    body: MessageReportBody,
    response: { 201: MessageReportReceipt },
  },
  react: {
    method: 'PUT',
    path: '/api/v1/messaging/messages/:messageId/reaction',
    summary:
      "Set the member's reaction to a message of one of their conversations (one per member, replaced)",
    access: { kind: 'user' },
    params: MessageParams,
    body: Type.Object({ reaction: Reaction }, { additionalProperties: false }),
    response: { 200: MessagingMessage },
  },
  unreact: {
    method: 'DELETE',
    path: '/api/v1/messaging/messages/:messageId/reaction',
    summary: "Take the member's reaction back",
    access: { kind: 'user' },
    params: MessageParams,
    response: { 200: MessagingMessage },
  },
  markRead: {
    method: 'POST',
    path: '/api/v1/messaging/conversations/:conversationId/read',
    summary: 'Mark the conversation read (mark_conversation_read: opening it does this)',
    access: { kind: 'user' },
    params: ConversationParams,
    response: {
      200: Type.Object({
        conversationId: Uuid,
        readUpTo: Type.Integer({ minimum: 0 }),
        unreadTotal: Type.Integer({ minimum: 0 }),
      }),
    },
  },
  unreadCount: {
    method: 'GET',
    path: '/api/v1/messaging/unread-count',
    summary: "The member's total of unread messages (the Conversations badge; 99+ above 99 is the client's)",
    access: { kind: 'user' },
    response: { 200: MessagingUnreadCount },
  },
  typing: {
    method: 'POST',
    path: '/api/v1/messaging/conversations/:conversationId/typing',
    summary: 'The member is typing: a realtime hint to the other member (call at most every few seconds)',
    access: { kind: 'user' },
    params: ConversationParams,
    response: { 204: NoContent },
  },
  getSettings: {
    method: 'GET',
    path: '/api/v1/messaging/settings',
    summary: "The member's messaging settings (read receipts, who may message them)",
    access: { kind: 'user' },
    response: { 200: MessagingSettings },
  },
  updateSettings: {
    method: 'PATCH',
    path: '/api/v1/messaging/settings',
    summary: "Change the member's messaging settings",
    access: { kind: 'user' },
    body: Type.Object(
      {
        readReceipts: Type.Optional(Type.Boolean()),
        onlyConnectionsCanMessage: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
    response: { 200: MessagingSettings },
  },
  cleanupOrphanedMessages: {
    method: 'POST',
    path: '/api/v1/messaging/admin/cleanup-orphaned-messages',
    summary:
      "Admin tools: remove orphaned messages (their conversation or every member of it is gone); 'Cleanup Complete'",
    access: { kind: 'permission', anyOf: ['system_admin', 'system_settings'] },
    response: {
      200: Type.Object({
        ...Notice.properties,
        removedMessages: Type.Integer({ minimum: 0 }),
        removedConversations: Type.Integer({ minimum: 0 }),
      }),
    },
  },
});
