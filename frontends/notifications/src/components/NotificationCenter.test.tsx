import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi, type ApiRequest } from '../../../component-testing.ts';
import type { Notification } from '../api/notifications.ts';
import NotificationCenter from './NotificationCenter.tsx';
import { member, notification } from './notification-fixtures.ts';

const API = '/api/v1/notifications-email/notifications';

afterEach(() => {
  localStorage.clear();
  queryClient.clear();
  window.history.replaceState(null, '', '/');
});

function service(items: Notification[]) {
  const requests: ApiRequest[] = [];
  const unread = () => items.filter((n) => !n.read).length;
  stubApi(
    {
      [`GET ${API}/unread-count`]: () => ({ unreadCount: unread() }),
      [`GET ${API}`]: (request: ApiRequest) => {
        requests.push(request);
        const type = request.url.searchParams.get('type');
        const shown = items.filter(
          (n) => !type || n.type === type || (type === 'post_reaction' && n.type === 'aggregated_reaction'),
        );
        return { notifications: shown, nextCursor: null, unreadCount: unread() };
      },
      [`POST ${API}/read`]: ({ body }: ApiRequest) => {
        const { ids, all } = body as { ids?: string[]; all?: boolean };
        for (const n of items) if (all || ids?.includes(n.id)) n.read = true;
        return { updated: 1, unreadCount: unread() };
      },
    },
    { signedIn: member },
  );
  return requests;
}

function renderPage(path = '/notifications') {
  window.history.replaceState(null, '', path);
  return render(
    <BrowserRouter>
      <NotificationCenter />
    </BrowserRouter>,
  );
}

describe('/notifications', () => {
  it('lists every notification, filters by type (kept in the URL) and marks all read', async () => {
    const items = [
      notification({ type: 'message', title: 'New message from Bruno' }),
      notification({
        type: 'aggregated_reaction',
        title: 'Mira and 4 others reacted to your post',
        priority: 3,
      }),
      notification({ type: 'connection_request', title: 'Bruno wants to connect', read: true }),
    ];
    const requests = service(items);
    renderPage();
    const all = await screen.findByRole('list', { name: 'All notifications' });
    expect(within(all).getAllByRole('listitem')).toHaveLength(3);
    expect(within(all).getByText('Urgent')).toBeTruthy();
    expect(await screen.findByText('2 unread')).toBeTruthy();

    const filters = screen.getByRole('group', { name: 'Filter by type' });
    await userEvent.click(within(filters).getByRole('button', { name: 'Reactions' }));
    const reactions = await screen.findByRole('list', { name: 'Notifications: Reactions' });
    expect(within(reactions).getAllByRole('listitem')).toHaveLength(1);
    expect(within(reactions).getByText('Mira and 4 others reacted to your post')).toBeTruthy();
    expect(window.location.search).toBe('?type=post_reaction');
    expect(requests.at(-1)!.url.searchParams.get('type')).toBe('post_reaction');
    expect(within(filters).getByRole('button', { name: 'Reactions' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await userEvent.click(within(filters).getByRole('button', { name: 'All' }));
    await screen.findByRole('list', { name: 'All notifications' });
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('You are all caught up.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('notification-item').every((el) => el.dataset.read === 'true')).toBe(true),
    );
  });

  it('marks one read with its button, and on click goes to its target', async () => {
    const tag = notification({
      type: 'photo_tag',
      title: 'Bruno tagged you in a photo',
      actionUrl: '/my-profile?tab=photos&photo=00000000-0000-4000-8000-0000000000f1',
    });
    const mention = notification({ type: 'mention', title: 'Bruno mentioned you' });
    service([tag, mention]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as read: Bruno mentioned you' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark as read: Bruno mentioned you' })).toBeNull(),
    );
    expect(await screen.findByText('1 unread')).toBeTruthy();

    await userEvent.click(screen.getByRole('link', { name: /Bruno tagged you in a photo/ }));
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/my-profile?tab=photos&photo=00000000-0000-4000-8000-0000000000f1',
    );
    await waitFor(() => expect(tag.read).toBe(true));
  });

  it('shows an empty list when there is nothing (or reading failed)', async () => {
    stubApi({}, { signedIn: member });
    renderPage('/notifications?type=message');
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeTruthy();
  });
});
