// Generated from routesByService by contracts/scripts/generate-browser-routes.ts: do not edit.
import type { RoutesByService } from '../index.ts';
import type { BrowserRouteOf } from './route.ts';

type Routes = RoutesByService['messaging'];

/** The member's conversations, most recent activity first, with last message and unread count */
export const listConversations: BrowserRouteOf<Routes['listConversations']> = {
  method: 'GET',
  path: '/api/v1/messaging/conversations',
  access: 'user',
};

/** Start a one-to-one conversation with a member, or reuse the existing one of the pair (200 reused, 201 new) */
export const startConversation: BrowserRouteOf<Routes['startConversation']> = {
  method: 'POST',
  path: '/api/v1/messaging/conversations',
  access: 'user',
};

/** One conversation of the member (the conversation view header) */
export const getConversation: BrowserRouteOf<Routes['getConversation']> = {
  method: 'GET',
  path: '/api/v1/messaging/conversations/:conversationId',
  access: 'user',
};

/** Messages in ascending sequence order: the latest page, an older page (`before`, loading upward) or the catch-up after a reconnect (`after`: every message with a greater sequence number, oldest first) */
export const listMessages: BrowserRouteOf<Routes['listMessages']> = {
  method: 'GET',
  path: '/api/v1/messaging/conversations/:conversationId/messages',
  access: 'user',
};

/** Send a message: text (up to 4,000 characters), one photo uploaded before (`photoId`), or both. clientMessageId (the optimistic message id) makes a retry return the message already saved instead of sending it twice */
export const sendMessage: BrowserRouteOf<Routes['sendMessage']> = {
  method: 'POST',
  path: '/api/v1/messaging/conversations/:conversationId/messages',
  access: 'user',
};

/** Upload the photo of a message as raw image bytes: type sniffed, re-encoded (JPEG, at most 2048 px a side, no EXIF or location); then send it with its id */
export const uploadPhoto: BrowserRouteOf<Routes['uploadPhoto']> = {
  method: 'POST',
  path: '/api/v1/messaging/photos',
  access: 'user',
};

/** A message photo (JPEG) under its unguessable name */
export const photoFile: BrowserRouteOf<Routes['photoFile']> = {
  method: 'GET',
  path: '/api/v1/messaging/photo-files/:fileName',
  access: 'public',
};

/** Edit an own message (shown as edited) */
export const editMessage: BrowserRouteOf<Routes['editMessage']> = {
  method: 'PATCH',
  path: '/api/v1/messaging/messages/:messageId',
  access: 'user',
};

/** Delete an own message (its text goes; shown as deleted) */
export const deleteMessage: BrowserRouteOf<Routes['deleteMessage']> = {
  method: 'DELETE',
  path: '/api/v1/messaging/messages/:messageId',
  access: 'user',
};

/** A member of the conversation reports a message to the moderators (only that message is sent with it); once */
export const reportMessage: BrowserRouteOf<Routes['reportMessage']> = {
  method: 'POST',
  path: '/api/v1/messaging/messages/:messageId/report',
  access: 'user',
};

/** Set the member's reaction to a message of one of their conversations (one per member, replaced) */
export const react: BrowserRouteOf<Routes['react']> = {
  method: 'PUT',
  path: '/api/v1/messaging/messages/:messageId/reaction',
  access: 'user',
};

/** Take the member's reaction back */
export const unreact: BrowserRouteOf<Routes['unreact']> = {
  method: 'DELETE',
  path: '/api/v1/messaging/messages/:messageId/reaction',
  access: 'user',
};

/** Mark the conversation read (mark_conversation_read: opening it does this) */
export const markRead: BrowserRouteOf<Routes['markRead']> = {
  method: 'POST',
  path: '/api/v1/messaging/conversations/:conversationId/read',
  access: 'user',
};

/** The member's total of unread messages (the Conversations badge; 99+ above 99 is the client's) */
export const unreadCount: BrowserRouteOf<Routes['unreadCount']> = {
  method: 'GET',
  path: '/api/v1/messaging/unread-count',
  access: 'user',
};

/** The member is typing: a realtime hint to the other member (call at most every few seconds) */
export const typing: BrowserRouteOf<Routes['typing']> = {
  method: 'POST',
  path: '/api/v1/messaging/conversations/:conversationId/typing',
  access: 'user',
};

/** The member's messaging settings (read receipts, who may message them) */
export const getSettings: BrowserRouteOf<Routes['getSettings']> = {
  method: 'GET',
  path: '/api/v1/messaging/settings',
  access: 'user',
};

/** Change the member's messaging settings */
export const updateSettings: BrowserRouteOf<Routes['updateSettings']> = {
  method: 'PATCH',
  path: '/api/v1/messaging/settings',
  access: 'user',
};

/** Admin tools: remove orphaned messages (their conversation or every member of it is gone); 'Cleanup Complete' */
export const cleanupOrphanedMessages: BrowserRouteOf<Routes['cleanupOrphanedMessages']> = {
  method: 'POST',
  path: '/api/v1/messaging/admin/cleanup-orphaned-messages',
  access: 'user',
};

/** The member's data held by messaging, for "Download my data" (the member is the token's subject) */
export const exportMyData: BrowserRouteOf<Routes['exportMyData']> = {
  method: 'GET',
  path: '/api/v1/messaging/me/export',
  access: 'user',
};
