import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me, MessagingConversation, MessagingMessage } from '@mer/contracts';
import { BrowserRouter } from '@mer/router';
import { useToastStore } from '@mer/design-system';
import { queryClient } from '@mer/server-state';
import { stubApi, type ApiRequest } from '../../../component-testing.ts';
import ConversationView from './ConversationView.tsx';

const ME = { id: '00000000-0000-4000-8000-000000000001', username: 'ana', name: 'Ana Lima' } as Me;
const BRUNO = '00000000-0000-4000-8000-000000000002';
const CID = '00000000-0000-4000-8000-0000000000c1';
const BASE = `/api/v1/messaging/conversations/${CID}`;

const conversation: MessagingConversation = {
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
};

function message(sequence: number, over: Partial<MessagingMessage> = {}): MessagingMessage {
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

const yesterday = new Date(Date.now() - 86_400_000).toISOString();

function history(): MessagingMessage[] {
  return [
    message(1, { body: 'Welcome! Details at https://mer.org/circles', createdAt: yesterday }),
    message(2, { body: 'Thanks', editedAt: new Date().toISOString() }),
    message(3, { senderId: BRUNO, body: null, deletedAt: new Date().toISOString() }),
  ];
}

function renderView() {
  return render(
    <BrowserRouter>
      <ConversationView conversationId={CID} />
    </BrowserRouter>,
  );
}

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  useToastStore.setState({ toasts: [] } as never);
});

describe('reporting a message', () => {
  it("offers Report on the other member's messages only, and sends the chosen reason for that message", async () => {
    const reports: Array<{ url: string; body: unknown }> = [];
    const theirs = message(4, { senderId: BRUNO, body: 'Send me your bank details' });
    stubApi(
      {
        [`GET ${BASE}`]: () => ({ ...conversation, lastSequence: 4 }),
        [`GET ${BASE}/messages`]: () => ({ messages: [...history(), theirs], hasMore: false }),
        [`POST ${BASE}/read`]: () => ({ conversationId: CID, readUpTo: 4, unreadTotal: 0 }),
        [`POST /api/v1/messaging/messages/${theirs.id}/report`]: ({ url, body }: ApiRequest) => {
          reports.push({ url: String(url), body });
          return Response.json(
            { reportId: '00000000-0000-4000-8000-0000000000a1', alreadyReported: false },
            { status: 201 },
          );
        },
      },
      { signedIn: ME },
    );
    renderView();
    const log = await screen.findByRole('log', { name: 'Messages with Bruno Reis' });
    await within(log).findByText('Send me your bank details');
    // Mine and the deleted one cannot be reported: one Report button, on Bruno's message.
    const buttons = within(log).getAllByRole('button', { name: /^Report the message/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Report the message: Send me your bank details');

    await userEvent.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harmful or dangerous' }));
    await userEvent.type(within(dialog).getByRole('textbox'), 'asks for money');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitForNoDialog();
    expect(reports).toEqual([
      {
        url: expect.stringContaining(`/api/v1/messaging/messages/${theirs.id}/report`),
        body: { reason: 'Harmful or dangerous: asks for money' },
      },
    ]);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('Thank you for your report');
  });
});

async function waitForNoDialog() {
  await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this message' })).toBeNull());
}
