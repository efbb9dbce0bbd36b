import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from '@mer/router';
import { queryClient } from '@mer/server-state';
import type { MerEvent } from '@mer/contracts';
import { stubApi } from '../../../component-testing.ts';
import { EVENT_ID, ME, anEvent, attendance, member } from '../testing/fixtures.ts';
import { EC, accountAnswers } from '../testing/api.ts';
import EventDetail from './EventDetail.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
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

/** The signed-in member (ME, user 01) hosts the event. */
const hosted = (overrides: Partial<MerEvent> = {}) => anEvent({ host: member(1, 'Ana Lima'), ...overrides });

describe('the host manages an event on /events/{id}', () => {
  it('edits the title and the places, sending only what changed', async () => {
    let event = hosted();
    const patches: unknown[] = [];
    stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/events/${EVENT_ID}`]: () => event,
        [`GET ${EC}/events/${EVENT_ID}/attendees`]: () => ({ going: [], waitlist: [] }),
        [`PATCH ${EC}/events/${EVENT_ID}`]: ({ body }) => {
          patches.push(body);
          event = { ...event, title: 'New moon meditation', attendance: attendance({ capacity: 20 }) };
          return event;
        },
      },
      { signedIn: ME },
    );
    renderEvent();
    const user = userEvent.setup();
    const manage = await screen.findByRole('group', { name: 'Manage this event' });
    await user.click(within(manage).getByRole('button', { name: 'Edit event' }));
    const form = within(manage).getByRole('form', { name: 'Edit event' });
    expect((within(form).getByLabelText('Starts') as HTMLInputElement).value).toBe('2099-03-29T19:00');
    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'New moon meditation');
    await user.clear(within(form).getByLabelText('Places'));
    await user.type(within(form).getByLabelText('Places'), '20');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New moon meditation' })).toBeTruthy();
    expect(patches).toEqual([{ title: 'New moon meditation', capacity: 20 }]);
  });

  it('refuses an end before the start without asking the service', async () => {
    const fetch = stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/events/${EVENT_ID}`]: () => hosted(),
        [`GET ${EC}/events/${EVENT_ID}/attendees`]: () => ({ going: [], waitlist: [] }),
      },
      { signedIn: ME },
    );
    renderEvent();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit event' }));
    const ends = screen.getByLabelText('Ends');
    await user.clear(ends);
    await user.type(ends, '2099-03-29T18:00');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('It has to end after it starts.')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('cancels the event with a reason; the page then shows it cancelled', async () => {
    let event = hosted();
    const cancels: unknown[] = [];
    stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/events/${EVENT_ID}`]: () => event,
        [`GET ${EC}/events/${EVENT_ID}/attendees`]: () => ({ going: [], waitlist: [] }),
        [`POST ${EC}/events/${EVENT_ID}/cancel`]: ({ body }) => {
          cancels.push(body);
          event = { ...event, status: 'cancelled', cancellationReason: 'Storm warning' };
          return event;
        },
      },
      { signedIn: ME },
    );
    renderEvent();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel event' }));
    const form = screen.getByRole('form', { name: 'Cancel event' });
    expect(within(form).getByText(/Everyone who is going or on the waitlist will be told/)).toBeTruthy();
    await user.type(within(form).getByLabelText('Reason (optional)'), 'Storm warning');
    await user.click(within(form).getByRole('button', { name: 'Yes, cancel this event' }));
    expect(await screen.findByText('Cancelled: Storm warning')).toBeTruthy();
    expect(cancels).toEqual([{ reason: 'Storm warning' }]);
    expect(screen.queryByRole('group', { name: 'Manage this event' })).toBeNull();
  });

  it('offers no management to a member who does not host the event', async () => {
    stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/events/${EVENT_ID}`]: () => anEvent(),
        [`GET ${EC}/events/${EVENT_ID}/attendees`]: () => ({ going: [], waitlist: [] }),
      },
      { signedIn: ME },
    );
    renderEvent();
    expect(await screen.findByRole('heading', { level: 1, name: 'Full moon meditation' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit event' })).toBeNull();
  });
});
