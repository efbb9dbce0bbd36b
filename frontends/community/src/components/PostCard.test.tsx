import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me, Post } from '@mer/contracts';
import { BrowserRouter } from '@mer/router';
import { stubApi } from '../../../component-testing.ts';
import { PostCard } from './PostCard.tsx';

const AUTHOR = '00000000-0000-4000-8000-000000000001';
const VIEWER = '00000000-0000-4000-8000-000000000002';
const POST_ID = '00000000-0000-4000-8000-0000000000aa';

function me(extra: Partial<Me>): Me {
  return {
    id: VIEWER,
    email: 'guide@example.org',
    emailConfirmed: true,
    name: 'Guide',
    username: 'guide',
    roles: [],
    permissions: [],
    isAdmin: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const post: Post = {
  id: POST_ID,
  author: { userId: AUTHOR, name: 'Alder Stone', username: 'alder', imageUrl: null },
  topic: 'general',
  visibility: 'all',
  content: '<p>Morning light</p>',
  photos: [],
  reactionCounts: { like: 0, love: 0, namaste: 0, insightful: 0, support: 0 },
  myReaction: null,
  commentCount: 0,
  pinned: false,
  edited: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};

function renderCard(p: Post) {
  return render(
    <BrowserRouter>
      <PostCard post={p} />
    </BrowserRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the post menu: Pin / Unpin for admins', () => {
  it('offers a member Report only, and no Pin', async () => {
    stubApi({}, { signedIn: me({}) });
    renderCard(post);
    await userEvent.setup().click(screen.getByRole('button', { name: /Post options/ }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Report']);
  });

  it('lets an admin pin a post, and shows Unpin and "Pinned" on a pinned one', async () => {
    const fetch = stubApi(
      { [`PUT /api/v1/community-feed/posts/${POST_ID}/pin`]: () => ({ ...post, pinned: true }) },
      { signedIn: me({ isAdmin: true }) },
    );
    const user = userEvent.setup();
    const { unmount } = renderCard(post);
    expect(screen.queryByText('Pinned')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Post options/ }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Pin', 'Report']);
    await user.click(screen.getByRole('menuitem', { name: 'Pin' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url, init]) => String(url).endsWith('/pin') && init?.method === 'PUT'),
      ).toBe(true),
    );
    const pinCall = fetch.mock.calls.find(([url]) => String(url).endsWith('/pin'))!;
    expect(JSON.parse(String(pinCall[1]!.body))).toEqual({ pinned: true });
    unmount();

    renderCard({ ...post, pinned: true });
    expect(screen.getByText('Pinned')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Post options/ }));
    expect(screen.getByRole('menuitem', { name: 'Unpin' })).toBeTruthy();
  });
});
