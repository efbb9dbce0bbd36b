import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi, type ApiRequest } from '../../../component-testing.ts';
import type { Notification } from '../api/notifications.ts';
import BellButton from './BellButton.tsx';
import { member, notification } from './notification-fixtures.ts';

const API = '/api/v1/notifications-email/notifications';

afterEach(() => {
  localStorage.clear();
  queryClient.clear();
  window.history.replaceState(null, '', '/');
});

/** The notifications service as the bell sees it: a list and its unread count, and the mark-read calls. */
function notificationsService(items: Notification[]) {
  const markedRead: string[][] = [];
  const unread = () => items.filter((n) => !n.read).length;
  const api = stubApi(
    {
      [`GET ${API}/unread-count`]: () => ({ unreadCount: unread() }),
      [`GET ${API}`]: ({ url }: ApiRequest) => ({
        notifications: items.slice(0, Number(url.searchParams.get('limit') ?? 20)),
        nextCursor: null,
        unreadCount: unread(),
      }),
      [`POST ${API}/read`]: ({ body }: ApiRequest) => {
        const ids = (body as { ids: string[] }).ids;
        markedRead.push(ids);
        for (const n of items) if (ids.includes(n.id)) n.read = true;
        return { updated: ids.length, unreadCount: unread() };
      },
    },
    { signedIn: member },
  );
  return { api, markedRead };
}

function renderBell(mobile = false) {
  return render(
    <BrowserRouter>
      <BellButton mobile={mobile} />
    </BrowserRouter>,
  );
}

describe('the notification bell', () => {
  it('shows the unread count, 9+ above 9 and 99+ above 99', async () => {
    const { api } = notificationsService(Array.from({ length: 12 }, () => notification()));
    const { unmount } = renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 12 unread' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('9+');
    unmount();
    queryClient.clear();
    api.mockClear();

    notificationsService(Array.from({ length: 150 }, () => notification()));
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 150 unread' });
    expect(screen.getByTestId('notification-badge').textContent).toBe('99+');
  });

  it('shows no badge when everything is read', async () => {
    notificationsService([notification({ read: true })]);
    renderBell();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('opens the popover with the latest 10 and View all, and marks the shown ones read after 2 s', async () => {
    const items = Array.from({ length: 14 }, (_, i) => notification({ read: i >= 3 }));
    items[0] = notification({
      type: 'aggregated_reaction',
      title: 'Mira and 4 others reacted to your post',
      message: '“Morning sit by the river”',
      lastReactorName: 'Mira',
      totalReactors: 5,
      isGrouped: true,
      actionUrl: '/community/post/p1',
    });
    const { markedRead } = notificationsService(items);
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    await userEvent.click(bell);

    const popover = await screen.findByRole('region', { name: 'Notifications' });
    const list = await within(popover).findByRole('list', { name: 'Latest notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getByRole('link', { name: /Mira and 4 others reacted to your post/ })).toBeTruthy();
    expect(within(popover).getByRole('link', { name: 'View all notifications' }).getAttribute('href')).toBe(
      '/notifications',
    );
    // Not at once: 2 s after the popover shows them.
    expect(markedRead).toEqual([]);
    await waitFor(() => expect(markedRead).toHaveLength(1), { timeout: 3_500 });
    expect(markedRead[0]).toEqual(items.slice(0, 3).map((n) => n.id));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('goes to the click target and marks the item read on click', async () => {
    const message = notification({
      type: 'message',
      title: 'New message from Bruno',
      actionUrl: '/messages/c0ffee00-0000-4000-8000-000000000001',
    });
    const { markedRead } = notificationsService([message]);
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('link', { name: /New message from Bruno/ }));
    expect(window.location.pathname).toBe('/messages/c0ffee00-0000-4000-8000-000000000001');
    await waitFor(() => expect(markedRead.flat()).toContain(message.id));
    // Navigating closes the popover.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull());
  });

  it('on phones opens the drawer, grouped under Connection Requests, Messages, Photo Tags and Other', async () => {
    notificationsService([
      notification({ type: 'aggregated_reaction', title: 'Mira and 2 others reacted to your post' }),
      notification({ type: 'message', title: 'New message from Bruno' }),
      notification({ type: 'connection_request', title: 'Bruno wants to connect' }),
      notification({ type: 'photo_tag', title: 'Bruno tagged you in a photo' }),
      notification({ type: 'connection_accepted', title: 'Ines accepted your request' }),
    ]);
    renderBell(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 5 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    const groups = (await within(drawer).findAllByRole('heading', { level: 3 })).map((h) => h.textContent);
    expect(groups).toEqual(['Connection Requests', 'Messages', 'Photo Tags', 'Other']);
    const requests = within(drawer).getByRole('region', { name: 'Connection Requests' });
    expect(
      within(requests)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Bruno wants to connect'),
      expect.stringContaining('Ines accepted your request'),
    ]);
    const other = within(drawer).getByRole('region', { name: 'Other' });
    expect(within(other).getByText('Mira and 2 others reacted to your post')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'View all notifications' })).toBeTruthy();
  });
});
