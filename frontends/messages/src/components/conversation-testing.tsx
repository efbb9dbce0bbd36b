import { afterEach, vi } from 'vitest';
import { render } from '@testing-library/react';
import type { Me, MessagingConversation, MessagingMessage } from '@mer/contracts';
import { BrowserRouter } from '@mer/router';
import { useToastStore } from '@mer/design-system';
import { queryClient, stopRealtime } from '@mer/server-state';
import ConversationView from './ConversationView.tsx';

/** What ConversationView's component tests share: Ana (signed in) talking with Bruno in one conversation. */
export const ME = { id: '00000000-0000-4000-8000-000000000001', username: 'ana', name: 'Ana Lima' } as Me;
export const BRUNO = '00000000-0000-4000-8000-000000000002';
export const CID = '00000000-0000-4000-8000-0000000000c1';
export const BASE = `/api/v1/messaging/conversations/${CID}`;

/** The conversation as the API answers it: three messages, one unread, Bruno has seen up to the second. */
export function conversationWith(over: Partial<MessagingConversation> = {}): MessagingConversation {
  return {
    id: CID,
    title: null,
    isGroup: false,
    participantId: BRUNO,
    participantName: 'Bruno Reis',
    participantImage: null,
    lastMessage: null,
    lastMessageTime: null,
    lastSequence: 3,
    unreadCount: 1,
    seenUpTo: 2,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...over,
  };
}

/** Message `sequence` of the conversation, sent by Ana unless `over` says otherwise. */
export function message(sequence: number, over: Partial<MessagingMessage> = {}): MessagingMessage {
  return {
    id: `00000000-0000-4000-8000-00000000010${sequence}`,
    conversationId: CID,
    sequence,
    senderId: ME.id,
    body: `message ${sequence}`,
    photoUrl: null,
    clientMessageId: null,
    createdAt: new Date().toISOString(),
    editedAt: null,
    deletedAt: null,
    reactionCount: 0,
    reactions: [],
    myReaction: null,
    read: false,
    ...over,
  };
}

/** Yesterday's welcome with a link, an edited reply today, and Bruno's deleted message. */
export function history(): MessagingMessage[] {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  return [
    message(1, { body: 'Welcome! Details at https://mer.org/circles', createdAt: yesterday }),
    message(2, { body: 'Thanks', editedAt: new Date().toISOString() }),
    message(3, { senderId: BRUNO, body: null, deletedAt: new Date().toISOString() }),
  ];
}

export function renderView() {
  return render(
    <BrowserRouter>
      <ConversationView conversationId={CID} />
    </BrowserRouter>,
  );
}

/** Each test starts with no cached data, no realtime socket, no stubbed globals and no toasts. */
export function resetBetweenTests(): void {
  afterEach(() => {
    stopRealtime();
    queryClient.clear();
    localStorage.clear();
    vi.unstubAllGlobals();
    useToastStore.setState({ toasts: [] } as never);
  });
}
