import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CirclePost } from '@mer/contracts';
import { useToastStore } from '@mer/design-system';
import { BrowserRouter, Route, Routes } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi, type ApiRequest } from '../../../component-testing.ts';
import { CIRCLE_ID, EVENT_ID, ME, aCircle, anEvent, member } from '../testing/fixtures.ts';
import { EC, accountAnswers } from '../testing/api.ts';
import { CircleHeader } from './CircleHeader.tsx';
import EventDetail from './EventDetail.tsx';
import { CircleDiscussions } from './circle/CircleDiscussions.tsx';
import { CirclePosts } from './circle/CirclePosts.tsx';

// Reporting circles, events, circle posts, discussions and replies (issue 20): the feed's interaction, never on one's own.

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
  useToastStore.setState({ toasts: [] } as never);
});

const REPORT_ID = '00000000-0000-4000-8000-0000000000a1';
const me = member(1, 'Ana Lima');

function post(n: number, over: Partial<CirclePost> = {}): CirclePost {
  return {
    id: `00000000-0000-4000-8000-00000000p00${n}`.replace('p', 'b'),
    circleId: CIRCLE_ID,
    postType: 'circle',
    author: member(2, 'Bruno Reis'),
    content: `<p>Post ${n}</p>`,
    reactionCounts: {},
    myReaction: null,
    createdAt: '2026-11-20T10:00:00Z',
    ...over,
  };
}

function reportAnswer(reports: unknown[]) {
  return ({ body }: ApiRequest) => {
    reports.push(body);
    return Response.json({ reportId: REPORT_ID, alreadyReported: false }, { status: 201 });
  };
}

describe('reporting gatherings', () => {
  it('reports an event with the chosen reason and thanks the member', async () => {
    const reports: unknown[] = [];
    stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/events/${EVENT_ID}`]: () => anEvent(),
        [`GET ${EC}/events/${EVENT_ID}/attendees`]: () => ({ going: [], waitlist: [] }),
        [`POST ${EC}/reports`]: reportAnswer(reports),
      },
      { signedIn: ME },
    );
    window.history.pushState({}, '', `/events/${EVENT_ID}`);
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/events/:id" element={<EventDetail />} />
        </Routes>
      </BrowserRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Report this event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this event' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reports).toEqual([{ targetType: 'event', targetId: EVENT_ID, reason: 'Harassment or hate' }]);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('Thank you for your report');
  });

  it('offers no Report on my own circle, and marks it when a moderator hid it', async () => {
    stubApi({ ...accountAnswers() }, { signedIn: ME });
    render(
      <BrowserRouter>
        <CircleHeader circle={aCircle({ holder: me, hidden: true })} />
      </BrowserRouter>,
    );
    expect(screen.getByText('Hidden by a moderator')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report this circle' })).toBeNull();
  });

  it("reports another member's circle post, not my own", async () => {
    const reports: unknown[] = [];
    const theirs = post(1);
    const mine = post(2, { author: me, hidden: true, content: '<p>Mine</p>' });
    stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/circles/${CIRCLE_ID}/posts`]: () => ({ posts: [theirs, mine] }),
        [`POST ${EC}/reports`]: reportAnswer(reports),
      },
      { signedIn: ME },
    );
    render(
      <BrowserRouter>
        <CirclePosts circleId={CIRCLE_ID} postId={null} canPost={false} />
      </BrowserRouter>,
    );
    const list = await screen.findByRole('list', { name: 'Circle posts' });
    const mineCard = within(list).getByRole('article', { name: 'Post by Ana Lima' });
    expect(within(mineCard).getByText('Hidden by a moderator')).toBeTruthy();
    expect(within(mineCard).queryByRole('button', { name: 'Report this post' })).toBeNull();
    const theirCard = within(list).getByRole('article', { name: 'Post by Bruno Reis' });
    await userEvent.click(within(theirCard).getByRole('button', { name: 'Report this post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'selling courses');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toEqual({
      targetType: 'circle_post',
      targetId: theirs.id,
      reason: 'Spam or advertising: selling courses',
    });
  });

  it("reports another member's circle discussion and reply; my hidden reply is marked, with no Report", async () => {
    const reports: unknown[] = [];
    const discussionId = '00000000-0000-4000-8000-0000000000d1';
    const bruno = member(2, 'Bruno Reis');
    const discussion = {
      id: discussionId,
      circleId: CIRCLE_ID,
      topicId: null,
      author: bruno,
      title: 'Cheap crystals',
      body: '<p>Buy them</p>',
      replyCount: 2,
      createdAt: '2026-11-20T10:00:00Z',
      lastActivityAt: '2026-11-20T10:00:00Z',
    };
    const reply = (n: number, author: typeof me, hidden?: boolean) => ({
      id: `00000000-0000-4000-8000-0000000000e${n}`,
      discussionId,
      author,
      body: `<p>Reply ${n}</p>`,
      createdAt: '2026-11-20T10:00:00Z',
      ...(hidden ? { hidden: true } : {}),
    });
    stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/circles/${CIRCLE_ID}/discussions`]: () => ({ discussions: [discussion] }),
        [`GET ${EC}/circles/${CIRCLE_ID}/discussions/${discussionId}`]: () => ({
          discussion,
          replies: [reply(1, bruno), reply(2, me, true)],
        }),
        [`POST ${EC}/reports`]: reportAnswer(reports),
      },
      { signedIn: ME },
    );
    render(
      <BrowserRouter>
        <CircleDiscussions circleId={CIRCLE_ID} discussionId={discussionId} isMember />
      </BrowserRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Report this discussion' }));
    let dialog = await screen.findByRole('dialog', { name: 'Report this discussion' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(reports).toHaveLength(1));

    const replies = screen.getByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('Hidden by a moderator')).toBeTruthy();
    expect(within(replies).queryByRole('button', { name: 'Report the reply by Ana Lima' })).toBeNull();
    await userEvent.click(within(replies).getByRole('button', { name: 'Report the reply by Bruno Reis' }));
    dialog = await screen.findByRole('dialog', { name: 'Report this reply' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(reports).toHaveLength(2));
    expect(reports).toEqual([
      { targetType: 'circle_discussion', targetId: discussionId, reason: 'Harassment or hate' },
      {
        targetType: 'circle_discussion_reply',
        targetId: '00000000-0000-4000-8000-0000000000e1',
        reason: 'Harassment or hate',
      },
    ]);
  });
});
