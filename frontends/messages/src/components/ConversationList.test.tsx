import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me, MessagingConversation } from '@mer/contracts';
import { messaging } from '@mer/contracts/browser';
import { BrowserRouter } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi } from '../../../component-testing.ts';
import ConversationList from './ConversationList.tsx';

const ME = { id: '00000000-0000-4000-8000-000000000001', username: 'ana', name: 'Ana Lima' } as Me;
const BRUNO = '00000000-0000-4000-8000-000000000002';

function conversation(over: Partial<MessagingConversation>): MessagingConversation {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    title: null,
    isGroup: false,
    participantId: BRUNO,
    participantName: 'Bruno Reis',
    participantImage: null,
    lastMessage: 'See you at the circle',
    lastMessageTime: new Date().toISOString(),
    lastSequence: 4,
    unreadCount: 0,
    seenUpTo: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...over,
  };
}

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  return render(
    <BrowserRouter>
      <ConversationList />
    </BrowserRouter>,
  );
}

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the conversation list (/messages)', () => {
  it('shows each conversation with name, last message, time and unread count, and searches by name', async () => {
    stubApi(
      {
        [`GET ${messaging.listConversations.path}`]: () => ({
          conversations: [
            conversation({ unreadCount: 3 }),
            conversation({
              id: '00000000-0000-4000-8000-0000000000c2',
              participantId: null,
              participantName: 'Unknown',
              lastMessage: null,
              lastMessageTime: null,
            }),
            conversation({ id: '00000000-0000-4000-8000-0000000000c3', isGroup: true, participantName: '' }),
          ],
        }),
      },
      { signedIn: ME },
    );
    renderAt('/messages');
    const list = await screen.findByRole('list', { name: 'Your conversations' });
    const bruno = within(list).getByRole('link', { name: /Bruno Reis/ });
    expect(bruno.getAttribute('href')).toBe('/messages/00000000-0000-4000-8000-0000000000c1');
    expect(within(bruno).getByText('See you at the circle')).toBeTruthy();
    expect(within(bruno).getByText('3 unread messages')).toBeTruthy();
    expect(within(bruno).getByText('3')).toBeTruthy();
    expect(within(list).getByRole('link', { name: /Unknown/ })).toBeTruthy();
    expect(within(list).getByRole('link', { name: /Group Chat/ })).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations by name' }), 'brun');
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search conversations by name' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations by name' }), 'zed');
    expect(await screen.findByText('No conversations match “zed”.')).toBeTruthy();
  });

  it('invites a member without conversations to find people', async () => {
    stubApi({ [`GET ${messaging.listConversations.path}`]: () => ({ conversations: [] }) }, { signedIn: ME });
    renderAt('/messages');
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find people' }).getAttribute('href')).toBe('/people');
  });

  it('?to= starts or reuses the conversation with that member and opens it', async () => {
    const api = stubApi(
      {
        [`POST ${messaging.startConversation.path}`]: () => conversation({}),
        [`GET ${messaging.listConversations.path}`]: () => ({ conversations: [] }),
      },
      { signedIn: ME },
    );
    renderAt(`/messages?to=${BRUNO}`);
    await waitFor(() =>
      expect(window.location.pathname).toBe('/messages/00000000-0000-4000-8000-0000000000c1'),
    );
    const starts = api.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(starts).toHaveLength(1);
    expect(JSON.parse(String(starts[0]![1]!.body))).toEqual({ memberId: BRUNO });
  });

  it("says 'Failed to create conversation' and why when it cannot be started", async () => {
    stubApi(
      {
        [`POST ${messaging.startConversation.path}`]: () =>
          Response.json(
            {
              error: {
                code: 'permission_denied',
                title: 'Permission Denied',
                message: 'You cannot message this member.',
              },
            },
            { status: 403 },
          ),
        [`GET ${messaging.listConversations.path}`]: () => ({ conversations: [] }),
      },
      { signedIn: ME },
    );
    renderAt(`/messages?to=${BRUNO}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to create conversation')).toBeTruthy();
    expect(within(alert).getByText('You cannot message this member.')).toBeTruthy();
    expect(window.location.search).toBe('');
  });
});
