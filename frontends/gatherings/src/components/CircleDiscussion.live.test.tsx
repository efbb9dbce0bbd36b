import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import type { Me, RealtimeMessage } from '@mer/contracts';
import { BrowserRouter } from '@mer/router';
import { stubApi } from '../../../component-testing.ts';
import { CIRCLE_ID, ME, member } from '../testing/fixtures.ts';
import { EC, accountAnswers } from '../testing/api.ts';

// An open circle discussion under moderation (issue 20): `circles.content.moderated` on /ws changes it at once.

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
const { CircleDiscussions } = await import('./circle/CircleDiscussions.tsx');

function send(data: Record<string, unknown>) {
  act(() => {
    for (const handler of handlers.get('circles.content.moderated') ?? [])
      handler({
        type: 'circles.content.moderated',
        at: new Date().toISOString(),
        data: { circleId: CIRCLE_ID, ...data },
      });
  });
}

const DISCUSSION = '00000000-0000-4000-8000-0000000000d1';
const BRUNOS_REPLY = '00000000-0000-4000-8000-0000000000e9';
const MY_REPLY = '00000000-0000-4000-8000-0000000000e8';
const PAGE = `${EC}/circles/${CIRCLE_ID}/discussions/${DISCUSSION}`;

function discussionBy(author = member(3, 'Carla Dias')) {
  return {
    id: DISCUSSION,
    circleId: CIRCLE_ID,
    topicId: null,
    author,
    title: 'Breathing before sitting?',
    body: '<p>Do you breathe first?</p>',
    replyCount: 2,
    createdAt: '2026-01-01T10:00:00Z',
    lastActivityAt: '2026-01-01T10:00:00Z',
  };
}
const reply = (id: string, author: ReturnType<typeof member>, body: string) => ({
  id,
  discussionId: DISCUSSION,
  author,
  body,
  createdAt: '2026-01-01T11:00:00Z',
});

function open(signedIn: Me, discussion = discussionBy()) {
  const fetches = stubApi(
    {
      ...accountAnswers(),
      [`GET ${EC}/circles/${CIRCLE_ID}/discussions`]: () => ({ discussions: [discussion] }),
      [`GET ${PAGE}`]: () => ({
        discussion,
        replies: [
          reply(BRUNOS_REPLY, member(2, 'Bruno Reis'), '<p>Three breaths.</p>'),
          reply(MY_REPLY, member(1, 'Ana Lima'), '<p>Mine.</p>'),
        ],
      }),
    },
    { signedIn },
  );
  render(
    <BrowserRouter>
      <CircleDiscussions circleId={CIRCLE_ID} discussionId={DISCUSSION} isMember />
    </BrowserRouter>,
  );
  return {
    reads: () =>
      fetches.mock.calls.filter(([url]) => new URL(String(url), 'http://x').pathname === PAGE).length,
  };
}

const me = { ...(ME as object), permissions: [] } as unknown as Me;

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('an open circle discussion under moderation (through /ws)', () => {
  it("drops another member's hidden reply at once, keeps my own marked, and shows the removed state", async () => {
    const page = open(me);
    await screen.findByRole('heading', { name: 'Breathing before sitting?' });
    const replies = () => within(screen.getByRole('list', { name: 'Replies' }));
    const reads = page.reads();

    send({
      targetType: 'circle_discussion_reply',
      targetId: BRUNOS_REPLY,
      discussionId: DISCUSSION,
      change: 'hidden',
    });
    await vi.waitFor(() => expect(replies().queryByText('Three breaths.')).toBeNull());
    send({
      targetType: 'circle_discussion_reply',
      targetId: MY_REPLY,
      discussionId: DISCUSSION,
      change: 'hidden',
    });
    await vi.waitFor(() => expect(replies().getByText('Hidden by a moderator')).toBeTruthy());
    expect(replies().getByText('Mine.')).toBeTruthy();

    // Another discussion of the circle leaves this one alone; this one's deletion removes it, with no fetch of it.
    send({
      targetType: 'circle_discussion',
      targetId: BRUNOS_REPLY,
      discussionId: BRUNOS_REPLY,
      change: 'deleted',
    });
    expect(screen.getByRole('heading', { name: 'Breathing before sitting?' })).toBeTruthy();
    send({
      targetType: 'circle_discussion',
      targetId: DISCUSSION,
      discussionId: DISCUSSION,
      change: 'hidden',
    });
    expect(screen.getByText("We couldn't find this discussion")).toBeTruthy();
    expect(page.reads()).toBe(reads);
  });

  it('keeps my own hidden discussion open and marked', async () => {
    open(me, discussionBy(member(1, 'Ana Lima')));
    await screen.findByRole('heading', { name: 'Breathing before sitting?' });
    send({
      targetType: 'circle_discussion',
      targetId: DISCUSSION,
      discussionId: DISCUSSION,
      change: 'hidden',
    });
    await vi.waitFor(() => expect(screen.getAllByText('Hidden by a moderator')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Breathing before sitting?' })).toBeTruthy();
  });

  it("fetches a moderator's view again: the server answers what they see", async () => {
    const page = open({ ...me, permissions: ['communities_update'] } as unknown as Me);
    await screen.findByRole('heading', { name: 'Breathing before sitting?' });
    const reads = page.reads();
    send({
      targetType: 'circle_discussion',
      targetId: DISCUSSION,
      discussionId: DISCUSSION,
      change: 'hidden',
    });
    await vi.waitFor(() => expect(page.reads()).toBe(reads + 1));
    expect(screen.getByRole('heading', { name: 'Breathing before sitting?' })).toBeTruthy();
  });
});
