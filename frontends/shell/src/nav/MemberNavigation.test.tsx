import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { Me } from '@mer/contracts';
import { messaging } from '@mer/contracts/browser';
import { BrowserRouter } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi } from '../../../component-testing.ts';
import MemberNavigation from './MemberNavigation.tsx';

const ME = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'ana',
  name: 'Ana Lima',
  roles: [],
  permissions: [],
} as unknown as Me;

function renderNavigation(mobile: boolean) {
  return render(
    <BrowserRouter>
      <nav aria-label="Main">
        <MemberNavigation mobile={mobile} hidden={false} />
      </nav>
    </BrowserRouter>,
  );
}

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the Conversations link's unread badge", () => {
  it('shows the total of unread messages', async () => {
    stubApi({ [`GET ${messaging.unreadCount.path}`]: () => ({ count: 7 }) }, { signedIn: ME });
    renderNavigation(false);
    const link = screen.getByRole('link', { name: /^Conversations/ });
    expect(await within(link).findByText('7 unread messages')).toBeTruthy();
    expect(within(link).getByText('7')).toBeTruthy();
  });

  it("reads '99+' above 99, on the phone's tab bar too", async () => {
    stubApi({ [`GET ${messaging.unreadCount.path}`]: () => ({ count: 120 }) }, { signedIn: ME });
    renderNavigation(true);
    const tabs = screen.getByRole('navigation', { name: 'Sections' });
    const link = within(tabs).getByRole('link', { name: /^Conversations/ });
    expect(await within(link).findByText('99+')).toBeTruthy();
    expect(within(link).getByText('120 unread messages')).toBeTruthy();
  });

  it('shows no badge without unread messages, or when the count cannot be read', async () => {
    const api = stubApi(
      { [`GET ${messaging.unreadCount.path}`]: () => Response.json({}, { status: 503 }) },
      { signedIn: ME },
    );
    renderNavigation(false);
    await vi.waitFor(() =>
      expect(api.mock.calls.some(([url]) => String(url).endsWith(messaging.unreadCount.path))).toBe(true),
    );
    expect(within(screen.getByRole('link', { name: /^Conversations/ })).queryByText(/unread/)).toBeNull();
  });
});
