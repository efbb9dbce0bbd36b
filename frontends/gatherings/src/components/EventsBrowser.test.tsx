import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi } from '../../../component-testing.ts';
import { ME, anEvent, attendance } from '../testing/fixtures.ts';
import { EC, accountAnswers } from '../testing/api.ts';
import EventsBrowser from './EventsBrowser.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
});

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  return render(
    <BrowserRouter>
      <EventsBrowser />
    </BrowserRouter>,
  );
}

describe('/events and /all-events', () => {
  it("lists upcoming events within 50 km of the member's city, then this week's and the member's own", async () => {
    const asked: URLSearchParams[] = [];
    stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/events`]: ({ url }) => {
          asked.push(url.searchParams);
          const view = url.searchParams.get('view');
          const title = view === 'mine' ? 'My own gathering' : 'Full moon meditation';
          return {
            events: [
              anEvent({
                title,
                distanceKm: 3.2,
                attendance: attendance({ myStatus: view === 'mine' ? 'going' : 'none' }),
              }),
            ],
            nextCursor: null,
          };
        },
      },
      { signedIn: ME },
    );
    renderAt('/events');
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeTruthy();
    expect(screen.getByText(/found from the city on your profile \(within 50 km\)/)).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Upcoming near me around Lisbon, Portugal' });
    expect(within(list).getByRole('link', { name: 'Full moon meditation' })).toBeTruthy();
    expect(within(list).getByText(/3 km away/)).toBeTruthy();
    expect(within(list).getByText(/Sun 29 Mar 2099, 19:00–21:00/)).toBeTruthy();
    expect(within(list).getByText(/7 spots left/)).toBeTruthy();
    expect(asked.at(-1)!.get('view')).toBe('upcoming');
    expect(asked.at(-1)!.get('near')).toBe('38.7200,-9.1400');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'This week' }));
    await screen.findByRole('list', { name: 'This week around Lisbon, Portugal' });
    expect(asked.at(-1)!.get('view')).toBe('this-week');
    expect(window.location.search).toBe('?view=this-week');

    await user.click(screen.getByRole('button', { name: 'My events' }));
    const mine = await screen.findByRole('list', { name: 'My events' });
    expect(within(mine).getByText("You're going")).toBeTruthy();
    expect(asked.at(-1)!.get('view')).toBe('mine');
    expect(asked.at(-1)!.has('near')).toBe(false);
  });

  it('says what the extra guard of /all-events checks: an active membership', async () => {
    stubApi({ ...accountAnswers({ paid: false }) }, { signedIn: ME });
    renderAt('/all-events');
    expect(await screen.findByRole('heading', { name: 'All events is for members' })).toBeTruthy();
    expect(screen.getByText(/open to members with an active membership/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See memberships' }).getAttribute('href')).toBe('/membership');
    expect(screen.getByRole('link', { name: 'Events near you' }).getAttribute('href')).toBe('/events');
  });

  it('shows every approved upcoming event to a paying member on /all-events', async () => {
    const asked: URLSearchParams[] = [];
    stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/events`]: ({ url }) => {
          asked.push(url.searchParams);
          return { events: [anEvent({ title: 'Sound bath in Porto' })], nextCursor: null };
        },
      },
      { signedIn: ME },
    );
    renderAt('/all-events');
    const list = await screen.findByRole('list', { name: 'All events' });
    expect(within(list).getByRole('link', { name: 'Sound bath in Porto' })).toBeTruthy();
    expect(asked.at(-1)!.get('view')).toBe('upcoming');
    expect(asked.at(-1)!.has('near')).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include past events' }));
    await waitFor(() => expect(asked.at(-1)!.get('view')).toBe('all'));
  });
});
