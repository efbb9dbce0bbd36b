import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@mer/contracts';
import { BrowserRouter } from '@mer/router';
import { stubApi } from '../../../component-testing.ts';
import { StartDiscussionDialog } from './StartDiscussionDialog.tsx';

const ME = { id: '00000000-0000-4000-8000-000000000001', name: 'Alder Stone', username: 'alder' } as Me;
const DISCUSSION_ID = '00000000-0000-4000-8000-0000000000d1';

afterEach(() => vi.unstubAllGlobals());

describe('Start a discussion', () => {
  it('sends the title and the formatted body, then opens /discussions/:id', async () => {
    window.history.pushState({}, '', '/community');
    const fetch = stubApi(
      {
        'POST /api/v1/community-feed/discussions': ({ body }) =>
          Response.json(
            {
              id: DISCUSSION_ID,
              author: { userId: ME.id, name: ME.name, username: ME.username, imageUrl: null },
              title: (body as { title: string }).title,
              body: (body as { body: string }).body,
              topic: 'general',
              replyCount: 0,
              edited: false,
              createdAt: '2026-11-25T10:00:00.000Z',
              lastActivityAt: '2026-11-25T10:00:00.000Z',
            },
            { status: 201 },
          ),
      },
      { signedIn: ME },
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <BrowserRouter>
        <StartDiscussionDialog open onClose={onClose} />
      </BrowserRouter>,
    );
    const start = screen.getByRole('button', { name: 'Start discussion' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Silent retreats near Lisbon?');
    await user.type(
      screen.getByRole('textbox', { name: 'What would you like to discuss?' }),
      'Has anyone been to one?',
    );
    await user.click(start);
    await waitFor(() => expect(window.location.pathname).toBe(`/discussions/${DISCUSSION_ID}`));
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith('/discussions'))!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({
      title: 'Silent retreats near Lisbon?',
      body: '<p>Has anyone been to one?</p>',
    });
    expect(onClose).toHaveBeenCalled();
  });
});
