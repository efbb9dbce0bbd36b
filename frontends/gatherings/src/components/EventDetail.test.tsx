import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from '@mer/router';
import { queryClient } from '@mer/server-state';
import type { Attendee } from '@mer/contracts';
import { stubApi } from '../../../component-testing.ts';
import { EVENT_ID, ME, anEvent, attendance, member } from '../testing/fixtures.ts';
import { EC, accountAnswers } from '../testing/api.ts';
import EventDetail from './EventDetail.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  queryClient.clear();
  localStorage.clear();
});

const attendee = (n: number, name: string, isConnection: boolean): Attendee => ({
  member: member(n, name),
  status: 'going',
  isConnection,
  waitlistPosition: null,
  respondedAt: '2026-01-01T10:00:00Z',
});

function renderEvent() {
  window.history.pushState({}, '', `/events/${EVENT_ID}`);
  return render(
    <BrowserRouter>
      <Routes>
        <Route path="/events/:id" element={<EventDetail />} />
      </Routes>
    </BrowserRouter>,
  );
}

describe('/events/{id}', () => {
  it('shows when in the place’s time zone, the place with a maps link, spots left and attendees with connections first', async () => {
    stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/events/${EVENT_ID}`]: () =>
          anEvent({ place: { ...anEvent().place, address: null, hiddenUntilGoing: true } }),
        [`GET ${EC}/events/${EVENT_ID}/attendees`]: () => ({
          going: [attendee(3, 'Carla Dias', false), attendee(4, 'Duarte Sousa', true)],
          waitlist: [],
        }),
      },
      { signedIn: ME },
    );
    renderEvent();
    expect(await screen.findByRole('heading', { level: 1, name: 'Full moon meditation' })).toBeTruthy();
    const where = screen.getByRole('region', { name: 'When and where' });
    expect(within(where).getByText(/Sunday, 29 March 2099, 19:00 WEST \(Europe\/Lisbon\)/)).toBeTruthy();
    const maps = within(where).getByRole('link', { name: 'Open in your maps app' });
    expect(maps.getAttribute('href')).toBe('https://www.openstreetmap.org/search?query=Lisbon%2C%20Portugal');
    expect(
      within(where).getByText('The exact address is shared with the members who are going.'),
    ).toBeTruthy();
    expect(within(where).queryByRole('link', { name: 'Join online' })).toBeNull();
    expect(screen.getByText(/7 spots left/)).toBeTruthy();
    const going = await screen.findByRole('region', { name: 'Going' });
    const names = within(going)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(names).toEqual(['Duarte Sousa', 'Carla Dias']);
    expect(within(going).getByText('Your connection')).toBeTruthy();
  });

  it('joins the waitlist of a full event and shows the member’s place in line', async () => {
    let event = anEvent({
      type: 'hybrid',
      attendance: attendance({ capacity: 2, goingCount: 2, spotsLeft: 0 }),
    });
    const rsvps: unknown[] = [];
    stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/events/${EVENT_ID}`]: () => event,
        [`GET ${EC}/events/${EVENT_ID}/attendees`]: () => ({ going: [], waitlist: [] }),
        [`PUT ${EC}/events/${EVENT_ID}/rsvp`]: ({ body }) => {
          rsvps.push(body);
          const after = attendance({
            capacity: 2,
            goingCount: 2,
            spotsLeft: 0,
            waitlistCount: 1,
            myStatus: 'waitlisted',
            myWaitlistPosition: 1,
          });
          event = {
            ...event,
            attendance: after,
            place: { ...event.place, onlineUrl: 'https://meet.example/moon' },
          };
          return { targetId: EVENT_ID, attendance: after };
        },
      },
      { signedIn: ME },
    );
    renderEvent();
    expect(await screen.findByText(/Full: you can join the waitlist/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist of Full moon meditation' }));
    expect(await screen.findByText("You're on the waitlist: number 1")).toBeTruthy();
    expect(rsvps).toEqual([{ status: 'going' }]);
    expect(screen.getByRole('button', { name: 'Leave the waitlist of Full moon meditation' })).toBeTruthy();
  });

  it('downloads the event as an .ics file and offers the private calendar feed', async () => {
    const created = vi.fn((_: Blob) => 'blob:ics');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const fetch = stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/events/${EVENT_ID}`]: () => anEvent(),
        [`GET ${EC}/events/${EVENT_ID}/attendees`]: () => ({ going: [], waitlist: [] }),
        [`GET ${EC}/events/${EVENT_ID}/calendar.ics`]: () =>
          new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
            headers: { 'content-type': 'text/calendar' },
          }),
        [`GET ${EC}/me/calendar-feed`]: () => ({
          url: 'https://mer.example/api/v1/events-circles/calendar-feeds/abcdefghijklmnopqrstuvwxyz0123456789.ics',
          createdAt: '2026-01-01T10:00:00Z',
        }),
      },
      { signedIn: ME },
    );
    renderEvent();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to calendar (.ics)' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(await created.mock.calls[0]![0].text()).toContain('BEGIN:VCALENDAR');
    const icsCall = fetch.mock.calls.find(([url]) => String(url).endsWith('/calendar.ics'))!;
    expect((icsCall[1]!.headers as Record<string, string>).authorization).toBe('Bearer test-access-token');

    await user.click(screen.getByRole('button', { name: 'Subscribe to my calendar' }));
    const subscribe = await screen.findByRole('link', { name: 'Subscribe in your calendar app' });
    expect(subscribe.getAttribute('href')).toMatch(
      /^webcal:\/\/mer\.example\/api\/v1\/events-circles\/calendar-feeds\/abcdefghijklmnopqrstuvwxyz0123456789\.ics$/,
    );
  });
});
