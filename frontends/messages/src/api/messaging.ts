import type { MessagingConversation, MessagingMessage, MessagingPhoto } from '@mer/contracts';
import { messaging } from '@mer/contracts/browser';
import { call, routeKey, toApiError, upload } from '@mer/api-client';
import { queryClient, useMutation, useQuery } from '@mer/server-state';
import {
  EMPTY_TIMELINE,
  addOptimistic,
  firstSequence,
  lastSequence,
  mergeMessages,
  optimisticMessage,
  removeMessage,
  type Timeline,
} from '../domain/timeline.ts';
import { withMyReaction } from '../domain/reactions.ts';
import { MessagingTexts } from '../domain/texts.ts';

/*
 * The messages remote's calls to the messaging service: typed by the contracts' route table, sent by `call`,
 * cached under keys derived from the routes (the shell's Conversations badge reads the same unread-count key).
 * Components use these hooks and functions, never `call`. Mutations are not retried: a member's message is not
 * sent twice behind their back (a retry the member asks for carries the same clientMessageId, so the server
 * answers with the message it already saved).
 */

export type Conversation = MessagingConversation;

export const messagingKeys = {
  conversations: () => routeKey(messaging.listConversations),
  conversation: (conversationId: string) =>
    routeKey(messaging.getConversation, { params: { conversationId } }),
  /** The open conversation's timeline (every page loaded, merged with live messages; domain/timeline.ts). */
  timeline: (conversationId: string) => routeKey(messaging.listMessages, { params: { conversationId } }),
  unreadCount: () => routeKey(messaging.unreadCount),
};

/** Spec 001 section 9: the conversation list is stale after 30 s. */
export const CONVERSATIONS_STALE_MS = 30_000;
/** Spec 001 section 4: the conversations refresh 500 ms after a message was sent. */
export const CONVERSATIONS_FOLLOW_UP_MS = 500;
/** One page of history; the catch-up after a reconnect asks for the largest page the route allows. */
const PAGE_SIZE = 50;
const CATCH_UP_PAGE_SIZE = 200;

/**
 * Spec 001 section 8: the conversation list is not retried on authentication or permission errors, otherwise
 * once.
 */
export function retryConversationList(failureCount: number, error: unknown): boolean {
  const status = toApiError(error).status;
  return failureCount < 1 && status !== 401 && status !== 403;
}

export function useConversations() {
  return useQuery({
    queryKey: messagingKeys.conversations(),
    queryFn: ({ signal }) => call(messaging.listConversations, { signal }),
    select: (answer) => answer.conversations,
    staleTime: CONVERSATIONS_STALE_MS,
    retry: retryConversationList,
  });
}

export function useConversation(conversationId: string) {
  return useQuery({
    queryKey: messagingKeys.conversation(conversationId),
    queryFn: ({ signal }) => call(messaging.getConversation, { params: { conversationId }, signal }),
    staleTime: CONVERSATIONS_STALE_MS,
    retry: false,
  });
}

export function refreshConversations(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
}

/** Starts the conversation with a member, or reuses the pair's existing one. */
export function useStartConversation() {
  return useMutation({
    mutationFn: (memberId: string) => call(messaging.startConversation, { body: { memberId } }),
    retry: false,
    onSuccess: (conversation) => {
      queryClient.setQueryData(messagingKeys.conversation(conversation.id), conversation);
      void refreshConversations();
    },
  });
}

// --- the open conversation's messages -------------------------------------------------------------------------

function readTimeline(conversationId: string): Timeline | undefined {
  return queryClient.getQueryData<Timeline>(messagingKeys.timeline(conversationId));
}

export function updateTimeline(conversationId: string, change: (timeline: Timeline) => Timeline): void {
  queryClient.setQueryData<Timeline>(messagingKeys.timeline(conversationId), (old) =>
    old ? change(old) : old,
  );
}

/** Adds messages from anywhere (a page, /ws, a send answer) to the open timeline, each once. */
export function addToTimeline(conversationId: string, messages: readonly MessagingMessage[]): void {
  updateTimeline(conversationId, (timeline) => mergeMessages(timeline, messages));
}

/**
 * The conversation's messages. The first load takes the latest page; a refetch of a timeline already held asks
 * only for what came after its last message (so a revisit keeps the pages loaded upward, any message still being
 * sent, and leaves no gap however much arrived meanwhile).
 */
export function useTimeline(conversationId: string) {
  return useQuery({
    queryKey: messagingKeys.timeline(conversationId),
    queryFn: async ({ signal }) => {
      const held = readTimeline(conversationId);
      if (held && held.messages.some((m) => !m.sending)) {
        await catchUpMessages(conversationId);
        return readTimeline(conversationId) ?? held;
      }
      const page = await call(messaging.listMessages, {
        params: { conversationId },
        query: { limit: PAGE_SIZE },
        signal,
      });
      return mergeMessages(held ?? { ...EMPTY_TIMELINE, hasOlder: page.hasMore }, page.messages);
    },
    staleTime: CONVERSATIONS_STALE_MS,
  });
}

/** Loads the page before the oldest message held (history loaded upward on scroll); false when none is left. */
export async function loadOlderMessages(conversationId: string): Promise<boolean> {
  const timeline = readTimeline(conversationId);
  const before = timeline ? firstSequence(timeline) : undefined;
  if (!timeline?.hasOlder || before === undefined || before <= 1) {
    if (timeline?.hasOlder) updateTimeline(conversationId, (t) => ({ ...t, hasOlder: false }));
    return false;
  }
  const page = await call(messaging.listMessages, {
    params: { conversationId },
    query: { before, limit: PAGE_SIZE },
  });
  updateTimeline(conversationId, (t) => ({ ...mergeMessages(t, page.messages), hasOlder: page.hasMore }));
  return page.hasMore;
}

let catchUps = new Map<string, Promise<void>>();

/**
 * Fetches every message after the last sequence number held (after a /ws reconnect, or when a live message
 * shows a gap): nothing is lost, and the merge keeps each message once. One catch-up per conversation at a time.
 */
export function catchUpMessages(conversationId: string): Promise<void> {
  const running = catchUps.get(conversationId);
  if (running) return running;
  const run = (async () => {
    try {
      for (;;) {
        const timeline = readTimeline(conversationId);
        if (!timeline) return;
        const page = await call(messaging.listMessages, {
          params: { conversationId },
          query: { after: lastSequence(timeline), limit: CATCH_UP_PAGE_SIZE },
        });
        addToTimeline(conversationId, page.messages);
        if (!page.hasMore || page.messages.length === 0) return;
      }
    } finally {
      catchUps.delete(conversationId);
    }
  })();
  catchUps.set(conversationId, run);
  return run;
}

/** For tests: forget running catch-ups. */
export function resetCatchUps(): void {
  catchUps = new Map();
}

/** Uploads a message photo as raw bytes (the route takes the image itself); its id then goes with the send. */
export function uploadMessagePhoto(file: Blob, signal?: AbortSignal): Promise<MessagingPhoto> {
  return upload(messaging.uploadPhoto, file, { signal });
}

/** The photo going with a message: the picked file, its local preview, and its id once uploaded. */
export interface OutgoingPhoto {
  file: Blob;
  /** An object URL of the file, shown in the composer and in the temporary message. */
  previewUrl: string;
  /** Set once the upload succeeded, so a retry of a failed send does not upload it again. */
  photoId?: string;
}

export interface SendInput {
  /** May be empty when a photo goes alone. */
  body: string;
  senderId: string;
  photo?: OutgoingPhoto;
  /** A retry of a failed send reuses its id, so the server never saves it twice. */
  clientMessageId?: string;
}

/**
 * Sends a message optimistically (spec 001 section 4): a temporary message shows at once (with the photo's local
 * preview); the photo is uploaded, then the message is sent, and the saved one replaces the temporary one, or it
 * is rolled back on failure (the caller shows 'Failed to send message'). The photo is uploaded only when the
 * member sends, so nothing is stored for a photo removed before sending. The conversations refresh 500 ms after a
 * success.
 */
export function useSendMessage(conversationId: string) {
  return useMutation({
    mutationFn: async (input: SendInput & { clientMessageId: string }) => {
      const { photo } = input;
      if (photo && !photo.photoId) photo.photoId = (await uploadMessagePhoto(photo.file)).id;
      try {
        return await call(messaging.sendMessage, {
          params: { conversationId },
          body: {
            ...(input.body ? { body: input.body } : {}),
            ...(photo?.photoId ? { photoId: photo.photoId } : {}),
            clientMessageId: input.clientMessageId,
          },
        });
      } catch (error) {
        // The upload is gone (or was already used): a retry uploads the file again.
        if (photo && toApiError(error).message === MessagingTexts.photoNotFound) delete photo.photoId;
        throw error;
      }
    },
    retry: false,
    onMutate: (input) => {
      updateTimeline(conversationId, (t) =>
        addOptimistic(
          t,
          optimisticMessage({
            clientMessageId: input.clientMessageId,
            conversationId,
            senderId: input.senderId,
            body: input.body,
            photoUrl: input.photo?.previewUrl ?? null,
          }),
        ),
      );
    },
    onSuccess: (saved, input) => {
      addToTimeline(conversationId, [saved]);
      // The saved message shows the stored photo; the local preview is no longer needed.
      if (input.photo) URL.revokeObjectURL(input.photo.previewUrl);
      setTimeout(() => void refreshConversations(), CONVERSATIONS_FOLLOW_UP_MS);
    },
    onError: (_error, input) =>
      updateTimeline(conversationId, (t) => removeMessage(t, input.clientMessageId)),
  });
}

/**
 * Sets the member's reaction to a message, or takes it back (`reaction: null`). The counts change at once and
 * go back if the server refuses; the answer (and other members' reactions, live) replace them.
 */
export function useReactToMessage(conversationId: string) {
  return useMutation({
    mutationFn: (input: { messageId: string; reaction: string | null }) =>
      input.reaction === null
        ? call(messaging.unreact, { params: { messageId: input.messageId } })
        : call(messaging.react, {
            params: { messageId: input.messageId },
            body: { reaction: input.reaction },
          }),
    retry: false,
    onMutate: (input) => {
      const before = readTimeline(conversationId)?.messages.find((m) => m.id === input.messageId);
      if (before)
        updateTimeline(conversationId, (t) => ({
          ...t,
          messages: t.messages.map((m) => {
            if (m.id !== input.messageId) return m;
            const reactions = withMyReaction(m.reactions, m.myReaction, input.reaction);
            const reactionCount = reactions.reduce((sum, r) => sum + r.count, 0);
            return { ...m, reactions, reactionCount, myReaction: input.reaction };
          }),
        }));
      return { before };
    },
    onSuccess: (saved) => addToTimeline(conversationId, [saved]),
    onError: (_error, _input, context) => {
      const before = context?.before;
      if (before) addToTimeline(conversationId, [before]);
    },
  });
}

export function useEditMessage(conversationId: string) {
  return useMutation({
    mutationFn: (input: { messageId: string; body: string }) =>
      call(messaging.editMessage, { params: { messageId: input.messageId }, body: { body: input.body } }),
    retry: false,
    onSuccess: (saved) => addToTimeline(conversationId, [saved]),
  });
}

export function useDeleteMessage(conversationId: string) {
  return useMutation({
    mutationFn: (messageId: string) => call(messaging.deleteMessage, { params: { messageId } }),
    retry: false,
    onSuccess: (saved) => {
      addToTimeline(conversationId, [saved]);
      void refreshConversations();
    },
  });
}

/** A report of another member's message to the moderators (only that message goes with it). */
export function useReportMessage() {
  return useMutation({
    mutationFn: (input: { messageId: string; reason: string }) =>
      call(messaging.reportMessage, {
        params: { messageId: input.messageId },
        body: { reason: input.reason },
      }),
    retry: false,
  });
}

/** Opening a conversation marks it read (mark_conversation_read); the badge takes the new total at once. */
export async function markConversationRead(conversationId: string): Promise<void> {
  try {
    const answer = await call(messaging.markRead, { params: { conversationId } });
    queryClient.setQueryData(messagingKeys.unreadCount(), { count: answer.unreadTotal });
    queryClient.setQueryData<{ conversations: Conversation[] }>(messagingKeys.conversations(), (old) =>
      old
        ? {
            conversations: old.conversations.map((c) =>
              c.id === conversationId ? { ...c, unreadCount: 0 } : c,
            ),
          }
        : old,
    );
  } catch {
    // Spec 001 section 8: mark-read failures are swallowed (the next opening tries again).
  }
}

/** The typing hint for the other member (a lost one does no harm). */
export function sendTyping(conversationId: string): void {
  call(messaging.typing, { params: { conversationId } }).catch(() => undefined);
}

/** Sets the other member's read mark ('Seen') on the cached conversation. */
export function setSeenUpTo(conversationId: string, readUpTo: number): void {
  queryClient.setQueryData<Conversation>(messagingKeys.conversation(conversationId), (old) =>
    old ? { ...old, seenUpTo: Math.max(old.seenUpTo ?? 0, readUpTo) } : old,
  );
}

export function setUnreadTotal(count: number): void {
  queryClient.setQueryData(messagingKeys.unreadCount(), { count });
}
