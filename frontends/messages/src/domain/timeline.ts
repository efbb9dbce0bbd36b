import type { MessagingMessage } from '@mer/contracts';

/*
 * The messages of one open conversation as the view holds them: the server's messages in sequence order, each
 * once (deduplicated by id, whether it came from a page, the send answer, /ws or the catch-up after a
 * reconnect), followed by the member's own messages still on their way (the optimistic ones).
 * Pure functions, no I/O: the api layer keeps the timeline in the query cache and calls these.
 */

/** A message the member sent that the server has not confirmed yet: its id is the clientMessageId. */
export type TimelineMessage = MessagingMessage & { sending?: true };

export interface Timeline {
  messages: TimelineMessage[];
  /** Older messages exist before the first one held (loaded upward on scroll). */
  hasOlder: boolean;
}

export const EMPTY_TIMELINE: Timeline = { messages: [], hasOlder: false };

/**
 * Adds server messages to the timeline: a message already held (same id) is replaced by the newer copy, an
 * optimistic message is dropped once the saved one (same clientMessageId) is there, and the result is in
 * sequence order with the optimistic ones last.
 */
export function mergeMessages(timeline: Timeline, incoming: readonly MessagingMessage[]): Timeline {
  if (incoming.length === 0) return timeline;
  const saved = new Map<string, MessagingMessage>();
  for (const message of timeline.messages) if (!message.sending) saved.set(message.id, message);
  for (const message of incoming) saved.set(message.id, message);
  const confirmed = new Set<string>();
  for (const message of saved.values()) if (message.clientMessageId) confirmed.add(message.clientMessageId);
  const pending = timeline.messages.filter((m) => m.sending && !confirmed.has(m.id));
  const ordered = [...saved.values()].sort((a, b) => a.sequence - b.sequence);
  return { ...timeline, messages: [...ordered, ...pending] };
}

/** The highest sequence number held (0 without messages): where the catch-up after a reconnect starts. */
export function lastSequence(timeline: Timeline): number {
  let last = 0;
  for (const message of timeline.messages)
    if (!message.sending && message.sequence > last) last = message.sequence;
  return last;
}

/** The lowest sequence number held: where the next older page ends (undefined without messages). */
export function firstSequence(timeline: Timeline): number | undefined {
  const first = timeline.messages.find((m) => !m.sending);
  return first?.sequence;
}

/** A temporary message shown at once while it is sent (spec 001 section 4, sending a message). */
export function optimisticMessage(input: {
  clientMessageId: string;
  conversationId: string;
  senderId: string;
  body: string;
  /** The local preview of the photo being sent (an object URL), replaced by the stored one. */
  photoUrl?: string | null;
  now?: Date;
}): TimelineMessage {
  return {
    id: input.clientMessageId,
    conversationId: input.conversationId,
    // Placed after every saved message until the server gives it its number.
    sequence: Number.MAX_SAFE_INTEGER,
    senderId: input.senderId,
    body: input.body,
    photoUrl: input.photoUrl ?? null,
    clientMessageId: input.clientMessageId,
    createdAt: (input.now ?? new Date()).toISOString(),
    editedAt: null,
    deletedAt: null,
    reactionCount: 0,
    reactions: [],
    myReaction: null,
    read: false,
    sending: true,
  };
}

export function addOptimistic(timeline: Timeline, message: TimelineMessage): Timeline {
  return { ...timeline, messages: [...timeline.messages, message] };
}

/** Rolls a failed send back: the temporary message goes. */
export function removeMessage(timeline: Timeline, id: string): Timeline {
  return { ...timeline, messages: timeline.messages.filter((m) => m.id !== id) };
}

/** What a `messaging.message.updated` message from /ws changes (contracts/src/realtime.ts). */
export type MessageUpdate =
  | { change: 'edited'; messageId: string; conversationId: string; body: string; editedAt: string }
  | { change: 'deleted'; messageId: string; conversationId: string; deletedAt: string }
  | {
      change: 'reactions';
      messageId: string;
      conversationId: string;
      reactionCount: number;
      reactions: Array<{ reaction: string; count: number }>;
    };

function patched(message: TimelineMessage, update: MessageUpdate): TimelineMessage {
  switch (update.change) {
    case 'edited':
      return message.deletedAt ? message : { ...message, body: update.body, editedAt: update.editedAt };
    case 'deleted':
      return {
        ...message,
        body: null,
        photoUrl: null,
        deletedAt: update.deletedAt,
        reactionCount: 0,
        reactions: [],
        myReaction: null,
      };
    case 'reactions':
      return { ...message, reactionCount: update.reactionCount, reactions: update.reactions };
  }
}

export function applyUpdate(timeline: Timeline, update: MessageUpdate): Timeline {
  if (!timeline.messages.some((m) => m.id === update.messageId)) return timeline;
  return {
    ...timeline,
    messages: timeline.messages.map((m) => (m.id === update.messageId ? patched(m, update) : m)),
  };
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** Reads a `messaging.message.created` message from /ws as a message (null when it is not one). */
export function messageFromCreated(data: Record<string, unknown>): MessagingMessage | null {
  const { messageId, conversationId, sequence, senderId, body, photoUrl, clientMessageId, createdAt } = data;
  if (
    !isString(messageId) ||
    !isString(conversationId) ||
    typeof sequence !== 'number' ||
    !isString(createdAt)
  )
    return null;
  return {
    id: messageId,
    conversationId,
    sequence,
    senderId: isString(senderId) ? senderId : null,
    body: isString(body) ? body : null,
    photoUrl: isString(photoUrl) ? photoUrl : null,
    clientMessageId: isString(clientMessageId) ? clientMessageId : null,
    createdAt,
    editedAt: null,
    deletedAt: null,
    reactionCount: 0,
    reactions: [],
    myReaction: null,
    read: false,
  };
}

/** Reads a `messaging.message.updated` message from /ws (null when it is not one). */
export function updateFromRealtime(data: Record<string, unknown>): MessageUpdate | null {
  const { change, messageId, conversationId } = data;
  if (!isString(messageId) || !isString(conversationId)) return null;
  if (change === 'edited' && isString(data.body) && isString(data.editedAt))
    return { change, messageId, conversationId, body: data.body, editedAt: data.editedAt };
  if (change === 'deleted' && isString(data.deletedAt))
    return { change, messageId, conversationId, deletedAt: data.deletedAt };
  if (change === 'reactions' && typeof data.reactionCount === 'number' && Array.isArray(data.reactions))
    return {
      change,
      messageId,
      conversationId,
      reactionCount: data.reactionCount,
      reactions: data.reactions as Array<{ reaction: string; count: number }>,
    };
  return null;
}

/**
 * Which of my messages carries 'Seen': the last one the other member has read up to (one mark, under the
 * newest read message, as chat apps do). null when nothing of mine was read or read receipts are off.
 */
export function seenMessageId(
  messages: readonly TimelineMessage[],
  myId: string,
  seenUpTo: number | null,
): string | null {
  if (seenUpTo === null) return null;
  let seen: string | null = null;
  for (const m of messages)
    if (!m.sending && m.senderId === myId && m.sequence <= seenUpTo && !m.deletedAt) seen = m.id;
  return seen;
}
