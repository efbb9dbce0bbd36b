import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { Me, RealtimeMessage } from '@mer/contracts';
import { BrowserRouter, Route, Routes } from '@mer/router';
import { stubApi } from '../../../component-testing.ts';

// An open discussion under moderation (issue 20): what arrives on /ws changes the page at once, as the feed's posts.

const handlers = new Map<string, Set<(m: RealtimeMessage) => void>>();
vi.mock('@mer/server-state', async (original) => ({
  ...(await original<typeof import('@mer/server-state')>()),
  onRealtimeMessage: (type: string, handler: (m: RealtimeMessage) => void) => {
    if (!handlers.has(type)) handlers.set(type, new Set());
    handlers.get(type)!.add(handler);
    return () => handlers.get(type)?.delete(handler);
  },
}));
const { queryClient } = await import('@mer/server-state');
const { default: DiscussionPage } = await import('./DiscussionPage.tsx');

function send(type: string, data: Record<string, unknown>) {
  act(() => {
    for (const handler of handlers.get(type) ?? []) handler({ type, at: new Date().toISOString(), data });
  });
}

const ME = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Alder Stone',
  username: 'alder',
  permissions: [],
};
const DISCUSSION_ID = '00000000-0000-4000-8000-0000000000d1';
const BRIARS_REPLY = '00000000-0000-4000-8000-0000000000e1';
const MY_REPLY = '00000000-0000-4000-8000-0000000000e2';
const PATH = `/api/v1/community-feed/discussions/${DISCUSSION_ID}`;
const person = (userId: string, name: string) => ({
  userId,
  name,
  username: name.toLowerCase(),
  imageUrl: null,
});
const briar = person('00000000-0000-4000-8000-000000000002', 'Briar');

function answer(authorOfDiscussion = briar) {
  const reply = (id: string, author: typeof briar, body: string) => ({
    id,
    discussionId: DISCUSSION_ID,
    author,
    body,
    createdAt: '2026-11-25T10:00:00.000Z',
  });
  return {
    discussion: {
      id: DISCUSSION_ID,
      author: authorOfDiscussion,
      title: 'Moon water for sale',
      body: '<p>Cheap</p>',
      topic: 'general',
      replyCount: 2,
      edited: false,
      createdAt: '2026-11-25T10:00:00.000Z',
      lastActivityAt: '2026-11-25T10:00:00.000Z',
    },
    replies: [
      reply(BRIARS_REPLY, briar, '<p>Buy now</p>'),
      reply(MY_REPLY, person(ME.id, ME.name), '<p>Mine</p>'),
    ],
  };
}

function open(signedIn: Me, discussion = answer()) {
  const fetches = stubApi({ [`GET ${PATH}`]: () => discussion }, { signedIn });
  window.history.pushState({}, '', `/discussions/${DISCUSSION_ID}`);
  render(
    <BrowserRouter>
      <Routes>
        <Route path="/discussions/:id" element={<DiscussionPage />} />
      </Routes>
    </BrowserRouter>,
  );
  return { reads: () => fetches.mock.calls.filter(([url]) => String(url).endsWith(PATH)).length };
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('an open discussion under moderation (through /ws)', () => {
  it("drops another member's hidden reply at once, keeps my own marked, and shows the removed state", async () => {
    const page = open(ME as unknown as Me);
    await screen.findByRole('heading', { name: 'Moon water for sale' });
    const reads = page.reads();

    send('community.content.moderated', {
      targetType: 'discussion_reply',
      targetId: BRIARS_REPLY,
      change: 'hidden',
    });
    // The query cache tells the page on its next tick: no fetch is made (counted at the end).
    await vi.waitFor(() => expect(screen.queryByRole('article', { name: 'Reply by Briar' })).toBeNull());
    expect(screen.getByRole('heading', { name: '1 reply' })).toBeTruthy();

    // My own reply hidden by three reports: I still see it, marked, as a reload would show it.
    send('community.content.hidden', { targetType: 'discussion_reply', targetId: MY_REPLY });
    await vi.waitFor(() =>
      expect(screen.getByRole('article', { name: 'Reply by Alder Stone' }).textContent).toContain(
        'Hidden for review',
      ),
    );

    // Another discussion's change leaves this page alone; this one's deletion removes it, with no fetch.
    send('community.content.moderated', {
      targetType: 'discussion',
      targetId: BRIARS_REPLY,
      change: 'deleted',
    });
    expect(screen.getByRole('heading', { name: 'Moon water for sale' })).toBeTruthy();
    send('community.content.moderated', {
      targetType: 'discussion',
      targetId: DISCUSSION_ID,
      change: 'deleted',
    });
    expect(screen.getByText("We couldn't find this discussion")).toBeTruthy();
    expect(page.reads()).toBe(reads);
  });

  it('keeps my own hidden discussion open and marked', async () => {
    open(ME as unknown as Me, answer(person(ME.id, ME.name)));
    await screen.findByRole('heading', { name: 'Moon water for sale' });
    send('community.content.moderated', {
      targetType: 'discussion',
      targetId: DISCUSSION_ID,
      change: 'hidden',
    });
    await vi.waitFor(() => expect(screen.getAllByText('Hidden for review')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Moon water for sale' })).toBeTruthy();
  });

  it("fetches a moderator's page again: the server answers what they see (marked, as on a reload)", async () => {
    const page = open({ ...ME, permissions: ['communities_update'] } as unknown as Me);
    await screen.findByRole('heading', { name: 'Moon water for sale' });
    const reads = page.reads();
    send('community.content.moderated', {
      targetType: 'discussion',
      targetId: DISCUSSION_ID,
      change: 'hidden',
    });
    await vi.waitFor(() => expect(page.reads()).toBe(reads + 1));
    expect(screen.getByRole('heading', { name: 'Moon water for sale' })).toBeTruthy();
  });
});
