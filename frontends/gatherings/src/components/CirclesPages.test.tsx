import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi } from '../../../component-testing.ts';
import { CIRCLE_ID, ME, aCircle, member } from '../testing/fixtures.ts';
import { EC, LISBON, accountAnswers } from '../testing/api.ts';
import CircleAboutView from './CircleAboutView.tsx';
import CirclesBrowser from './CirclesBrowser.tsx';
import CreateCircleForm from './CreateCircleForm.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
});

function renderAt(path: string, element: React.ReactNode, route = path) {
  window.history.pushState({}, '', path);
  return render(
    <BrowserRouter>
      <Routes>
        <Route path={route} element={element} />
      </Routes>
    </BrowserRouter>,
  );
}

describe('/circles and /all-circles', () => {
  it("shows the member's circles (a pending one too) and the new ones; /all-circles searches every approved circle", async () => {
    const asked: URLSearchParams[] = [];
    stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/circles`]: ({ url }) => {
          asked.push(url.searchParams);
          const view = url.searchParams.get('view');
          if (view === 'mine')
            return {
              circles: [aCircle({ name: 'My new circle', approvalStatus: 'pending', myStanding: 'holder' })],
              nextCursor: null,
            };
          return {
            circles: [aCircle({ id: '00000000-0000-4000-8000-00000000c002', name: `Circle (${view})` })],
            nextCursor: null,
          };
        },
      },
      { signedIn: ME },
    );
    const view = renderAt('/circles', <CirclesBrowser />);
    const mine = await screen.findByRole('region', { name: 'Your circles' });
    expect(await within(mine).findByText('Waiting for approval')).toBeTruthy();
    expect(within(mine).getByText('Holder')).toBeTruthy();
    const fresh = screen.getByRole('region', { name: 'New circles' });
    expect(await within(fresh).findByRole('link', { name: 'Circle (new)' })).toBeTruthy();
    view.unmount();

    renderAt('/all-circles', <CirclesBrowser />);
    expect(await screen.findByRole('link', { name: 'Circle (popular)' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search circles' }), 'breath');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked.at(-1)!.get('q')).toBe('breath'));
    expect(await screen.findByRole('region', { name: 'Circles matching “breath”' })).toBeTruthy();
  });
});

describe('/circles/{id}/about', () => {
  it('says what the circle is, how to join, who leads it, and joins an open circle', async () => {
    let standing: 'none' | 'member' = 'none';
    stubApi(
      {
        ...accountAnswers(),
        [`GET ${EC}/circles/${CIRCLE_ID}/about`]: () => ({
          circle: aCircle({ myStanding: standing }),
          leaders: [{ member: member(2, 'Bruno Reis'), role: 'holder' }],
          upcomingMeetups: 3,
          upcomingEvents: 1,
          postCount: 12,
          discussionCount: 4,
        }),
        [`POST ${EC}/circles/${CIRCLE_ID}/membership`]: () => {
          standing = 'member';
          return {
            circleId: CIRCLE_ID,
            userId: member(1, 'Ana Lima').userId,
            standing: 'member',
            memberCount: 5,
          };
        },
      },
      { signedIn: ME },
    );
    renderAt(`/circles/${CIRCLE_ID}/about`, <CircleAboutView />, '/circles/:id/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lisbon Sitting Group' })).toBeTruthy();
    expect(screen.getByText('We sit together every week.')).toBeTruthy();
    expect(screen.getByText(/Open\. Any member can join\./)).toBeTruthy();
    expect(screen.getByText('Upcoming meetups').nextSibling?.textContent).toBe('3');
    await userEvent.click(screen.getByRole('button', { name: 'Join circle' }));
    expect(await screen.findByRole('button', { name: 'Leave circle' })).toBeTruthy();
  });
});

describe('/create-circle', () => {
  it('sends the circle with its city and says it waits for approval', async () => {
    let sent: unknown;
    stubApi(
      {
        ...accountAnswers(),
        [`POST ${EC}/circles`]: ({ body }) => {
          sent = body;
          return Response.json(
            aCircle({ name: 'Breath circle', approvalStatus: 'pending', myStanding: 'holder' }),
            {
              status: 201,
            },
          );
        },
      },
      { signedIn: ME },
    );
    renderAt('/create-circle', <CreateCircleForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create circle' }));
    expect(screen.getByText('Please give your circle a name')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Circle name/ }), 'Breath circle');
    await user.type(
      screen.getByRole('textbox', { name: 'What is the circle about?' }),
      'Breathing together.',
    );
    await user.click(screen.getByRole('radio', { name: /By request/ }));
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'Lis');
    await user.click(await screen.findByRole('option', { name: 'Lisbon, Portugal' }));
    await user.click(screen.getByRole('button', { name: 'Create circle' }));
    expect(await screen.findByRole('heading', { name: 'Your circle is waiting for approval' })).toBeTruthy();
    expect(sent).toEqual({
      name: 'Breath circle',
      description: 'Breathing together.',
      category: 'practice',
      joinPolicy: 'request',
      city: {
        id: LISBON.id,
        label: LISBON.label,
        latitude: LISBON.latitude,
        longitude: LISBON.longitude,
        timeZone: LISBON.timeZone,
      },
    });
    expect(screen.getByRole('link', { name: 'Go to your circle' }).getAttribute('href')).toBe(
      `/circles/${CIRCLE_ID}`,
    );
  });
});
