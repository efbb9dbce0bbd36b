import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi } from '../../../component-testing.ts';
import { ME } from '../testing/fixtures.ts';
import { EC, accountAnswers } from '../testing/api.ts';
import EventsBrowser from './EventsBrowser.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
});

const OLD = `${EC}/calendar-feeds/${'a'.repeat(40)}.ics`;
const NEW = `${EC}/calendar-feeds/${'b'.repeat(40)}.ics`;

describe("the member's calendar feed on /events (My events)", () => {
  it('shows the private subscribe address and resets it after a confirmation', async () => {
    let resets = 0;
    stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/events`]: () => ({ events: [], nextCursor: null }),
        [`GET ${EC}/me/calendar-feed`]: () => ({ url: OLD, createdAt: '2026-01-01T10:00:00Z' }),
        [`POST ${EC}/me/calendar-feed/reset`]: () => {
          resets += 1;
          return { url: NEW, createdAt: '2026-01-02T10:00:00Z' };
        },
      },
      { signedIn: ME },
    );
    window.history.pushState({}, '', '/events?view=mine');
    render(
      <BrowserRouter>
        <EventsBrowser />
      </BrowserRouter>,
    );
    const feed = await screen.findByRole('region', { name: 'Your calendar feed' });
    const address = await within(feed).findByLabelText('Calendar address');
    expect(address.textContent).toBe(`${location.origin}${OLD}`);
    expect(
      within(feed).getByRole('link', { name: 'Subscribe in your calendar app' }).getAttribute('href'),
    ).toBe(`${location.origin}${OLD}`.replace(/^https?:/, 'webcal:'));
    expect(within(feed).getByText(/Keep this address private/)).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(feed).getByRole('button', { name: 'Reset' }));
    await user.click(within(feed).getByRole('button', { name: 'Keep this address' }));
    expect(resets).toBe(0);
    await user.click(within(feed).getByRole('button', { name: 'Reset' }));
    await user.click(within(feed).getByRole('button', { name: 'Yes, reset' }));
    expect(await within(feed).findByText(`${location.origin}${NEW}`)).toBeTruthy();
    expect(resets).toBe(1);
  });
});
