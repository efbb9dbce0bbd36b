import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi, type ApiRequest } from '../../../component-testing.ts';
import {
  ME,
  BRUNO,
  CID,
  BASE,
  conversationWith,
  message,
  history,
  renderView,
  resetBetweenTests,
} from './conversation-testing.tsx';

const conversation = conversationWith();

resetBetweenTests();

describe('a conversation (/messages/{id})', () => {
  it("shows the history with day separators, links, edited and deleted marks and 'Seen'; opening marks it read", async () => {
    const api = stubApi(
      {
        [`GET ${BASE}`]: () => conversation,
        [`GET ${BASE}/messages`]: () => ({ messages: history(), hasMore: false }),
        [`POST ${BASE}/read`]: () => ({ conversationId: CID, readUpTo: 3, unreadTotal: 0 }),
      },
      { signedIn: ME },
    );
    renderView();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bruno Reis' })).toBeTruthy();
    const log = await screen.findByRole('log', { name: 'Messages with Bruno Reis' });
    await within(log).findByText('Thanks');
    expect(
      within(log)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Yesterday', 'Today']);
    expect(within(log).getByRole('link', { name: 'https://mer.org/circles' }).getAttribute('href')).toBe(
      'https://mer.org/circles',
    );
    expect(within(log).getByText('(edited)')).toBeTruthy();
    expect(within(log).getByText('This message was deleted.')).toBeTruthy();
    // 'Seen' once, under my last message Bruno read (up to 2).
    const seen = within(log).getAllByText('Seen');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.closest('li')!.textContent).toContain('Thanks');
    await waitFor(() =>
      expect(
        api.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).endsWith('/read')),
      ).toBe(true),
    );
  });

  it('shows a sent message at once and replaces it by the saved one', async () => {
    let release: () => void = () => undefined;
    const sent: unknown[] = [];
    stubApi(
      {
        [`GET ${BASE}`]: () => conversation,
        [`GET ${BASE}/messages`]: () => ({ messages: history(), hasMore: false }),
        [`POST ${BASE}/read`]: () => ({ conversationId: CID, readUpTo: 3, unreadTotal: 0 }),
        [`POST ${BASE}/messages`]: async ({ body }: ApiRequest) => {
          sent.push(body);
          await new Promise<void>((resolve) => (release = resolve));
          const { body: text, clientMessageId } = body as { body: string; clientMessageId: string };
          return Response.json(message(4, { body: text, clientMessageId }), { status: 201 });
        },
      },
      { signedIn: ME },
    );
    renderView();
    const log = await screen.findByRole('log', { name: 'Messages with Bruno Reis' });
    await within(log).findByText('Thanks');
    await userEvent.type(screen.getByRole('textbox', { name: 'Write a message' }), 'See you Sunday{Enter}');
    expect(within(log).getByText('See you Sunday')).toBeTruthy();
    expect(within(log).getByText('Sending…')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Write a message' }) as HTMLTextAreaElement).value).toBe('');
    release();
    await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull());
    expect(within(log).getAllByText('See you Sunday')).toHaveLength(1);
    expect(sent).toHaveLength(1);
  });

  it("rolls a failed message back with 'Failed to send message', and Retry sends it again with the same id", async () => {
    const sent: Array<{ body: string; clientMessageId: string }> = [];
    stubApi(
      {
        [`GET ${BASE}`]: () => conversation,
        [`GET ${BASE}/messages`]: () => ({ messages: history(), hasMore: false }),
        [`POST ${BASE}/read`]: () => ({ conversationId: CID, readUpTo: 3, unreadTotal: 0 }),
        [`POST ${BASE}/messages`]: ({ body }: ApiRequest) => {
          const input = body as { body: string; clientMessageId: string };
          sent.push(input);
          if (sent.length === 1)
            return Response.json(
              {
                error: {
                  code: 'server_error',
                  title: 'Server Error',
                  message: 'Something went wrong on our end.',
                },
              },
              { status: 503 },
            );
          return Response.json(message(4, { body: input.body, clientMessageId: input.clientMessageId }), {
            status: 201,
          });
        },
      },
      { signedIn: ME },
    );
    renderView();
    const log = await screen.findByRole('log', { name: 'Messages with Bruno Reis' });
    await within(log).findByText('Thanks');
    await userEvent.type(screen.getByRole('textbox', { name: 'Write a message' }), 'Hello?{Enter}');
    const failed = await screen.findByRole('alert');
    expect(within(failed).getByText('Failed to send message')).toBeTruthy();
    expect(within(log).queryByText('Hello?')).toBeNull();
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await within(log).findByText('Hello?')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(sent).toHaveLength(2);
    expect(sent[1]!.clientMessageId).toBe(sent[0]!.clientMessageId);
  });

  it('edits and deletes my own messages, never the other member’s', async () => {
    const edits: unknown[] = [];
    stubApi(
      {
        [`GET ${BASE}`]: () => conversation,
        [`GET ${BASE}/messages`]: () => ({
          messages: [message(1, { body: 'First draft' }), message(2, { senderId: BRUNO, body: 'Hi Ana' })],
          hasMore: false,
        }),
        [`POST ${BASE}/read`]: () => ({ conversationId: CID, readUpTo: 2, unreadTotal: 0 }),
        [`PATCH /api/v1/messaging/messages/${message(1).id}`]: ({ body }: ApiRequest) => {
          edits.push(body);
          return message(1, { body: (body as { body: string }).body, editedAt: new Date().toISOString() });
        },
        [`DELETE /api/v1/messaging/messages/${message(1).id}`]: () =>
          message(1, { body: null, deletedAt: new Date().toISOString() }),
        [`GET /api/v1/messaging/conversations`]: () => ({ conversations: [] }),
      },
      { signedIn: ME },
    );
    renderView();
    const log = await screen.findByRole('log', { name: 'Messages with Bruno Reis' });
    await within(log).findByText('Hi Ana');
    expect(within(log).getAllByRole('button', { name: /^Edit your message/ })).toHaveLength(1);

    await userEvent.click(within(log).getByRole('button', { name: 'Edit your message: First draft' }));
    const editor = within(log).getByRole('textbox', { name: 'Edit your message' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Second draft');
    await userEvent.click(within(log).getByRole('button', { name: 'Save' }));
    expect(await within(log).findByText('Second draft')).toBeTruthy();
    expect(within(log).getByText('(edited)')).toBeTruthy();
    expect(edits).toEqual([{ body: 'Second draft' }]);

    await userEvent.click(within(log).getByRole('button', { name: 'Delete your message: Second draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(log).findByText('This message was deleted.')).toBeTruthy();
    expect(within(log).queryByRole('button', { name: /^Edit your message/ })).toBeNull();
  });

  it('loads older messages upward', async () => {
    stubApi(
      {
        [`GET ${BASE}`]: () => conversation,
        [`GET ${BASE}/messages`]: ({ url }: ApiRequest) =>
          url.searchParams.get('before') === '2'
            ? { messages: [message(1, { body: 'The very first' })], hasMore: false }
            : { messages: [message(2, { body: 'Later' }), message(3, { body: 'Latest' })], hasMore: true },
        [`POST ${BASE}/read`]: () => ({ conversationId: CID, readUpTo: 3, unreadTotal: 0 }),
      },
      { signedIn: ME },
    );
    renderView();
    const log = await screen.findByRole('log', { name: 'Messages with Bruno Reis' });
    await within(log).findByText('Latest');
    await userEvent.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(log).findByText('The very first')).toBeTruthy();
    expect(
      within(log)
        .getAllByTestId('message-body')
        .map((m) => m.textContent),
    ).toEqual(['The very first', 'Later', 'Latest']);
    expect(within(log).queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });
});
