import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToastStore } from '@mer/design-system';
import { startRealtime } from '@mer/server-state';
import { stubApi, type ApiRequest } from '../../../component-testing.ts';
import {
  ME,
  BRUNO,
  CID,
  BASE,
  conversationWith,
  message,
  renderView,
  resetBetweenTests,
} from './conversation-testing.tsx';

/*
 * Photos and reactions in a conversation (issue 17, front end part 2). The API is answered at the transport:
 * `fetch` for JSON calls, a stand-in XMLHttpRequest for the photo upload (the api-client's `upload` uses it for
 * progress), and a stand-in WebSocket for the live reactions.
 */

const PHOTO_ID = '00000000-0000-4000-8000-0000000000f1';
const STORED = `/api/v1/messaging/photo-files/${PHOTO_ID}.jpg`;

/** What the stand-in upload hears and how it answers: a status and the JSON answer. */
interface UploadAnswer {
  status: number;
  body: unknown;
}

/** Replaces XMLHttpRequest with one that hands each upload to `answer` (the bytes, the content type). */
function stubUploads(answer: (file: Blob, url: string) => UploadAnswer | Promise<UploadAnswer>) {
  const uploads: Array<{ url: string; file: Blob; contentType: string | undefined }> = [];
  class UploadRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(file: Blob) {
      uploads.push({ url: this.url, file, contentType: this.headers['content-type'] });
      void Promise.resolve(answer(file, this.url)).then((result) => {
        this.status = result.status;
        this.responseText = JSON.stringify(result.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', UploadRequest);
  return uploads;
}

/** Replaces WebSocket with one the test speaks through as the gateway would. */
function stubRealtime() {
  const sockets: FakeSocket[] = [];
  class FakeSocket {
    static OPEN = 1;
    readyState = 1;
    onopen: (() => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    onclose: ((event: { code: number }) => void) | null = null;
    constructor() {
      sockets.push(this);
      queueMicrotask(() => this.onopen?.());
    }
    send() {}
    close() {
      this.readyState = 3;
    }
    push(type: string, data: Record<string, unknown>) {
      this.onmessage?.({ data: JSON.stringify({ type, at: new Date().toISOString(), data }) });
    }
  }
  vi.stubGlobal('WebSocket', FakeSocket);
  return {
    async socket(): Promise<FakeSocket> {
      await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
      return sockets.at(-1)!;
    },
  };
}

const photoFile = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'dunes.jpg', { type: 'image/jpeg' });

const conversation = conversationWith({ lastSequence: 2, unreadCount: 0, seenUpTo: null });

resetBetweenTests();

describe('photos in a conversation', () => {
  it('picks a photo, previews and removes it, then sends a photo alone: shown at once, replaced by the stored one, opened larger', async () => {
    let release: () => void = () => undefined;
    const sent: unknown[] = [];
    const uploads = stubUploads(() => ({
      status: 201,
      body: { id: PHOTO_ID, url: STORED, width: 1200, height: 800 },
    }));
    stubApi(
      {
        [`GET ${BASE}`]: () => conversation,
        [`GET ${BASE}/messages`]: () => ({
          messages: [message(1, { senderId: BRUNO, body: 'Show me the dunes?' })],
          hasMore: false,
        }),
        [`POST ${BASE}/read`]: () => ({ conversationId: CID, readUpTo: 1, unreadTotal: 0 }),
        [`POST ${BASE}/messages`]: async ({ body }: ApiRequest) => {
          sent.push(body);
          await new Promise<void>((resolve) => (release = resolve));
          const { clientMessageId } = body as { clientMessageId: string };
          return Response.json(message(2, { body: '', photoUrl: STORED, clientMessageId }), { status: 201 });
        },
      },
      { signedIn: ME },
    );
    renderView();
    const log = await screen.findByRole('log', { name: 'Messages with Bruno Reis' });
    await within(log).findByText('Show me the dunes?');
    const form = screen.getByRole('form', { name: 'Send a message' });
    expect(within(form).getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);

    // Picked, previewed, removed: nothing uploaded.
    await userEvent.upload(screen.getByTestId('message-photo-input'), photoFile());
    expect(within(form).getByRole('img', { name: 'Photo to send: dunes.jpg' })).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Remove the photo' }));
    expect(within(form).queryByRole('img')).toBeNull();
    expect(uploads).toHaveLength(0);

    // Picked again and sent alone (no text): shown at once from the local preview.
    await userEvent.upload(screen.getByTestId('message-photo-input'), photoFile());
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    const temporary = await within(log).findByRole('img', { name: 'Photo you sent' });
    expect(temporary.getAttribute('src')).toMatch(/^blob:/);
    expect(within(log).getByText('Sending…')).toBeTruthy();
    expect(within(form).queryByRole('img')).toBeNull();

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.url).toBe('/api/v1/messaging/photos');
    expect(uploads[0]!.contentType).toBe('image/jpeg');
    expect(sent[0]).toEqual({ photoId: PHOTO_ID, clientMessageId: expect.any(String) });

    release();
    await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull());
    const stored = within(log).getByRole('img', { name: 'Photo you sent' });
    expect(stored.getAttribute('src')).toBe(STORED);
    expect(within(log).getAllByRole('img', { name: 'Photo you sent' })).toHaveLength(1);

    // A click opens it larger, with its text alternative.
    await userEvent.click(within(log).getByRole('button', { name: 'Photo you sent: open it larger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo you sent' });
    expect(within(dialog).getByRole('img', { name: 'Photo you sent' }).getAttribute('src')).toBe(STORED);
    // A photo alone has no text to edit; it can be deleted.
    expect(within(log).queryByRole('button', { name: /^Edit your message/ })).toBeNull();
    expect(within(log).getByRole('button', { name: 'Delete your message: Photo' })).toBeTruthy();
  });

  it("shows the other member's photo with its caption, named for who sent it", async () => {
    stubApi(
      {
        [`GET ${BASE}`]: () => conversation,
        [`GET ${BASE}/messages`]: () => ({
          messages: [message(1, { senderId: BRUNO, body: 'The dunes at dawn', photoUrl: STORED })],
          hasMore: false,
        }),
        [`POST ${BASE}/read`]: () => ({ conversationId: CID, readUpTo: 1, unreadTotal: 0 }),
      },
      { signedIn: ME },
    );
    renderView();
    const log = await screen.findByRole('log', { name: 'Messages with Bruno Reis' });
    const photo = await within(log).findByRole('img', { name: 'Photo from Bruno Reis' });
    expect(photo.getAttribute('src')).toBe(STORED);
    expect(within(log).getByText('The dunes at dawn')).toBeTruthy();
  });

  it("refuses a file that is not an image before uploading, and shows the service's words when it refuses the photo; Retry uploads again", async () => {
    let refuse = true;
    const sent: unknown[] = [];
    const uploads = stubUploads(() =>
      refuse
        ? {
            status: 400,
            body: {
              error: {
                code: 'invalid_data',
                title: 'Invalid Data',
                message: 'Please choose a JPEG, PNG, WebP or GIF image.',
              },
            },
          }
        : { status: 201, body: { id: PHOTO_ID, url: STORED, width: 10, height: 10 } },
    );
    stubApi(
      {
        [`GET ${BASE}`]: () => conversation,
        [`GET ${BASE}/messages`]: () => ({ messages: [message(1)], hasMore: false }),
        [`POST ${BASE}/read`]: () => ({ conversationId: CID, readUpTo: 1, unreadTotal: 0 }),
        [`POST ${BASE}/messages`]: ({ body }: ApiRequest) => {
          sent.push(body);
          const input = body as { body: string; clientMessageId: string };
          return Response.json(
            message(2, { body: input.body, photoUrl: STORED, clientMessageId: input.clientMessageId }),
            { status: 201 },
          );
        },
      },
      { signedIn: ME },
    );
    renderView();
    const log = await screen.findByRole('log', { name: 'Messages with Bruno Reis' });
    await within(log).findByText('message 1');
    const form = screen.getByRole('form', { name: 'Send a message' });
    const input = screen.getByTestId('message-photo-input');

    await userEvent.upload(input, new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(within(form).getByRole('alert').textContent).toBe(
      'Please select an image file (JPG, PNG, GIF, etc.)',
    );
    expect(within(form).queryByRole('img')).toBeNull();

    await userEvent.upload(input, photoFile());
    expect(within(form).queryByRole('alert')).toBeNull();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Write a message' }), 'Dawn{Enter}');
    const alert = await waitFor(() => {
      const found = screen
        .getAllByRole('alert')
        .find((a) => a.textContent?.includes('Failed to send message'));
      expect(found).toBeTruthy();
      return found!;
    });
    expect(within(alert).getByText('Please choose a JPEG, PNG, WebP or GIF image.')).toBeTruthy();
    expect(within(log).queryByRole('img', { name: 'Photo you sent' })).toBeNull();
    expect(sent).toHaveLength(0);

    refuse = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(log).findByText('Dawn')).toBeTruthy();
    await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull());
    expect(uploads).toHaveLength(2);
    expect(sent).toEqual([{ body: 'Dawn', photoId: PHOTO_ID, clientMessageId: expect.any(String) }]);
    expect(within(log).getByRole('img', { name: 'Photo you sent' }).getAttribute('src')).toBe(STORED);
  });
});

describe('reactions on messages', () => {
  it('adds, changes and takes back my reaction from a small picker, with the counts shown', async () => {
    const calls: Array<{ method: string; body: unknown }> = [];
    const hello = message(1, {
      senderId: BRUNO,
      body: 'Hello Ana',
      reactionCount: 1,
      reactions: [{ reaction: '❤️', count: 1 }],
    });
    stubApi(
      {
        [`GET ${BASE}`]: () => conversation,
        [`GET ${BASE}/messages`]: () => ({ messages: [hello], hasMore: false }),
        [`POST ${BASE}/read`]: () => ({ conversationId: CID, readUpTo: 1, unreadTotal: 0 }),
        [`PUT /api/v1/messaging/messages/${hello.id}/reaction`]: ({ body }: ApiRequest) => {
          const { reaction } = body as { reaction: string };
          calls.push({ method: 'PUT', body });
          const others =
            reaction === '❤️'
              ? [{ reaction: '❤️', count: 2 }]
              : [
                  { reaction: '❤️', count: 1 },
                  { reaction, count: 1 },
                ];
          return { ...hello, reactions: others, reactionCount: 2, myReaction: reaction };
        },
        [`DELETE /api/v1/messaging/messages/${hello.id}/reaction`]: () => {
          calls.push({ method: 'DELETE', body: undefined });
          return hello;
        },
      },
      { signedIn: ME },
    );
    renderView();
    const log = await screen.findByRole('log', { name: 'Messages with Bruno Reis' });
    const item = (await within(log).findByText('Hello Ana')).closest('li')!;
    expect(within(item).getByRole('button', { name: 'Love: 1' }).getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(within(item).getByRole('button', { name: 'React to this message' }));
    const picker = within(item).getByRole('group', { name: 'Choose a reaction' });
    await userEvent.click(within(picker).getByRole('button', { name: 'Thanks' }));
    expect(within(item).queryByRole('group', { name: 'Choose a reaction' })).toBeNull();
    const thanks = await within(item).findByRole('button', { name: 'Thanks: 1' });
    expect(thanks.getAttribute('aria-pressed')).toBe('true');
    expect(within(item).getByRole('button', { name: 'Love: 1' })).toBeTruthy();

    // Pressing another reaction's chip replaces mine; pressing mine takes it back.
    await userEvent.click(within(item).getByRole('button', { name: 'Love: 1' }));
    await within(item).findByRole('button', { name: 'Love: 2' });
    expect(within(item).queryByRole('button', { name: /^Thanks/ })).toBeNull();
    await userEvent.click(within(item).getByRole('button', { name: 'Love: 2' }));
    await within(item).findByRole('button', { name: 'Love: 1' });
    expect(within(item).getByRole('button', { name: 'Love: 1' }).getAttribute('aria-pressed')).toBe('false');
    expect(calls).toEqual([
      { method: 'PUT', body: { reaction: '🙏' } },
      { method: 'PUT', body: { reaction: '❤️' } },
      { method: 'DELETE', body: undefined },
    ]);
  });

  it('puts the counts back when the reaction is not saved', async () => {
    const hello = message(1, { senderId: BRUNO, body: 'Hello Ana' });
    stubApi(
      {
        [`GET ${BASE}`]: () => conversation,
        [`GET ${BASE}/messages`]: () => ({ messages: [hello], hasMore: false }),
        [`POST ${BASE}/read`]: () => ({ conversationId: CID, readUpTo: 1, unreadTotal: 0 }),
        [`PUT /api/v1/messaging/messages/${hello.id}/reaction`]: () =>
          Response.json(
            {
              error: {
                code: 'server_error',
                title: 'Server Error',
                message: 'Something went wrong on our end.',
              },
            },
            { status: 503 },
          ),
      },
      { signedIn: ME },
    );
    renderView();
    const log = await screen.findByRole('log', { name: 'Messages with Bruno Reis' });
    const item = (await within(log).findByText('Hello Ana')).closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: 'React to this message' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Like' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('Your reaction was not saved'),
    );
    expect(within(item).queryByRole('button', { name: /^Like: / })).toBeNull();
    expect(within(item).getByRole('button', { name: 'React to this message' })).toBeTruthy();
  });

  it("shows the other member's reactions live (the realtime reactions change)", async () => {
    const realtime = stubRealtime();
    const mine = message(1, { body: 'Look at this' });
    stubApi(
      {
        [`GET ${BASE}`]: () => conversation,
        [`GET ${BASE}/messages`]: () => ({ messages: [mine], hasMore: false }),
        [`POST ${BASE}/read`]: () => ({ conversationId: CID, readUpTo: 1, unreadTotal: 0 }),
      },
      { signedIn: ME },
    );
    renderView();
    const log = await screen.findByRole('log', { name: 'Messages with Bruno Reis' });
    const item = (await within(log).findByText('Look at this')).closest('li')!;
    startRealtime();
    const socket = await realtime.socket();
    socket.push('messaging.message.updated', {
      change: 'reactions',
      messageId: mine.id,
      conversationId: CID,
      reactionCount: 2,
      reactions: [
        { reaction: '😂', count: 1 },
        { reaction: 'thanks', count: 1 },
      ],
    });
    expect(await within(item).findByRole('button', { name: 'Laugh: 1' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'thanks: 1' })).toBeTruthy();
  });
});
