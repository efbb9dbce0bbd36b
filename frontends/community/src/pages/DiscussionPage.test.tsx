import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@mer/contracts';
import { useToastStore } from '@mer/design-system';
import { BrowserRouter, Route, Routes } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi } from '../../../component-testing.ts';
import DiscussionPage from './DiscussionPage.tsx';

// Reporting a discussion and its replies (issue 20): the design system's report dialog, never on one's own.

const ME = { id: '00000000-0000-4000-8000-000000000001', name: 'Alder Stone', username: 'alder' } as Me;
const DISCUSSION_ID = '00000000-0000-4000-8000-0000000000d1';
const FEED = '/api/v1/community-feed';
const author = (id: string, name: string) => ({
  userId: id,
  name,
  username: name.toLowerCase(),
  imageUrl: null,
});
const briar = author('00000000-0000-4000-8000-000000000002', 'Briar');
const me = author(ME.id, ME.name);

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  useToastStore.setState({ toasts: [] } as never);
});

describe('a discussion', () => {
  it("reports another member's discussion and reply; my own hidden reply is marked, with no Report", async () => {
    const reports: unknown[] = [];
    stubApi(
      {
        [`GET ${FEED}/discussions/${DISCUSSION_ID}`]: () => ({
          discussion: {
            id: DISCUSSION_ID,
            author: briar,
            title: 'Moon water for sale',
            body: '<p>Cheap</p>',
            topic: 'general',
            replyCount: 2,
            edited: false,
            createdAt: '2026-11-25T10:00:00.000Z',
            lastActivityAt: '2026-11-25T10:00:00.000Z',
          },
          replies: [
            {
              id: '00000000-0000-4000-8000-0000000000e1',
              discussionId: DISCUSSION_ID,
              author: briar,
              body: '<p>Buy now</p>',
              createdAt: '2026-11-25T10:00:00.000Z',
            },
            {
              id: '00000000-0000-4000-8000-0000000000e2',
              discussionId: DISCUSSION_ID,
              author: me,
              body: '<p>Mine</p>',
              createdAt: '2026-11-25T10:00:00.000Z',
              hidden: true,
            },
          ],
        }),
        [`POST ${FEED}/reports`]: ({ body }) => {
          reports.push(body);
          return Response.json(
            { reportId: '00000000-0000-4000-8000-0000000000a1', hidden: false },
            { status: 201 },
          );
        },
      },
      { signedIn: ME },
    );
    window.history.pushState({}, '', `/discussions/${DISCUSSION_ID}`);
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/discussions/:id" element={<DiscussionPage />} />
        </Routes>
      </BrowserRouter>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report this discussion' }));
    let dialog = await screen.findByRole('dialog', { name: 'Report this discussion' });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(reports).toHaveLength(1));

    const mine = screen.getByRole('article', { name: 'Reply by Alder Stone' });
    expect(within(mine).getByText('Hidden for review')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: /Report/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Report the reply by Briar' }));
    dialog = await screen.findByRole('dialog', { name: 'Report this reply' });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(reports).toHaveLength(2));
    expect(reports).toEqual([
      { targetType: 'discussion', targetId: DISCUSSION_ID, reason: 'Harassment or hate' },
      {
        targetType: 'discussion_reply',
        targetId: '00000000-0000-4000-8000-0000000000e1',
        reason: 'Harassment or hate',
      },
    ]);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('Thank you for your report');
  });
});
