import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi } from '../../../component-testing.ts';
import { ME, aCircle, anEvent } from '../testing/fixtures.ts';
import { EC, accountAnswers } from '../testing/api.ts';
import Recommendations from './Recommendations.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
});

function stub() {
  let dismissed = false;
  const dismissals: unknown[] = [];
  stubApi(
    {
      ...accountAnswers(),
      [`GET ${EC}/recommendations`]: () => ({
        events: dismissed
          ? []
          : [
              {
                event: anEvent({ title: 'Breathwork by the river' }),
                score: 0.9,
                reasons: [
                  { code: 'connections-going', text: '3 of your connections are going' },
                  { code: 'nearby', text: '12 km from you' },
                ],
              },
            ],
        circles: [
          {
            circle: aCircle({ name: 'Sound healers' }),
            score: 0.7,
            reasons: [{ code: 'shared-practice', text: 'You practise Sound Healing' }],
          },
        ],
        trendingEvents: [anEvent({ id: '00000000-0000-4000-8000-00000000e002', title: 'Ecstatic dance' })],
        newCircles: [aCircle({ id: '00000000-0000-4000-8000-00000000c003', name: 'Tarot beginners' })],
        modelVersion: 1,
      }),
      [`POST ${EC}/recommendations/dismissals`]: ({ body }) => {
        dismissals.push(body);
        dismissed = true;
        return new Response(null, { status: 204 });
      },
    },
    { signedIn: ME },
  );
  return dismissals;
}

describe('/discover and /engage', () => {
  it('/discover suggests events and circles with their reasons, and forgets one the member is not interested in', async () => {
    const dismissals = stub();
    render(
      <BrowserRouter>
        <Recommendations page="discover" />
      </BrowserRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover' })).toBeTruthy();
    const events = screen.getByRole('region', { name: 'Events for you' });
    expect(within(events).getByText('• 3 of your connections are going')).toBeTruthy();
    expect(within(events).getByText('• 12 km from you')).toBeTruthy();
    const circles = screen.getByRole('region', { name: 'Circles for you' });
    expect(within(circles).getByText('• You practise Sound Healing')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'New circles' })).getByText('Tarot beginners'),
    ).toBeTruthy();
    await userEvent.click(
      within(events).getByRole('button', { name: 'Not interested in Breathwork by the river' }),
    );
    await waitFor(() => expect(within(events).queryByText('Breathwork by the river')).toBeNull());
    expect(dismissals).toEqual([{ kind: 'event', id: anEvent().id }]);
  });

  it('/engage leads with the trending events and the new circles', async () => {
    stub();
    render(
      <BrowserRouter>
        <Recommendations page="engage" />
      </BrowserRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Engage' })).toBeTruthy();
    const sections = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(sections.slice(0, 2)).toEqual(['Trending events', 'New circles']);
    expect(
      within(screen.getByRole('region', { name: 'Trending events' })).getByText('Ecstatic dance'),
    ).toBeTruthy();
  });
});
