import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from '@mer/router';
import { queryClient } from '@mer/server-state';
import type { Circle, CircleMember, CircleStanding, MeetupDetail } from '@mer/contracts';
import { stubApi, type ApiAnswers } from '../../../component-testing.ts';
import { CIRCLE_ID, ME, aCircle, aMeetup, attendance, member } from '../testing/fixtures.ts';
import { EC, accountAnswers } from '../testing/api.ts';
import CircleDetail from './CircleDetail.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
});

const CARLA = member(3, 'Carla Dias');
const DUARTE = member(4, 'Duarte Sousa');

function answers(standing: CircleStanding, circle: Partial<Circle>, overrides: ApiAnswers = {}): ApiAnswers {
  return {
    ...accountAnswers(),
    [`GET ${EC}/circles/${CIRCLE_ID}`]: () => aCircle({ myStanding: standing, ...circle }),
    [`GET ${EC}/circles/${CIRCLE_ID}/posts`]: () => ({ posts: [] }),
    ...overrides,
  };
}

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  return render(
    <BrowserRouter>
      <Routes>
        <Route path="/circles/:id/*" element={<CircleDetail />} />
      </Routes>
    </BrowserRouter>,
  );
}

describe('circle holders and moderators manage members', () => {
  it('accepts and declines requests to join', async () => {
    let requests = [
      { member: CARLA, requestedAt: '2026-01-01T10:00:00Z' },
      { member: DUARTE, requestedAt: '2026-01-02T10:00:00Z' },
    ];
    const answered: unknown[] = [];
    const answer =
      (userId: string) =>
      ({ body }: { body: unknown }) => {
        answered.push({ userId, ...(body as object) });
        requests = requests.filter((r) => r.member.userId !== userId);
        return { circleId: CIRCLE_ID, userId, standing: 'member', memberCount: 5 };
      };
    stubApi(
      answers(
        'moderator',
        { joinPolicy: 'request' },
        {
          [`GET ${EC}/circles/${CIRCLE_ID}/members`]: () => ({ members: [] }),
          [`GET ${EC}/circles/${CIRCLE_ID}/requests`]: () => ({ requests }),
          [`PUT ${EC}/circles/${CIRCLE_ID}/requests/${CARLA.userId}`]: answer(CARLA.userId),
          [`PUT ${EC}/circles/${CIRCLE_ID}/requests/${DUARTE.userId}`]: answer(DUARTE.userId),
        },
      ),
      { signedIn: ME },
    );
    renderAt(`/circles/${CIRCLE_ID}/members`);
    const section = await screen.findByRole('region', { name: 'Requests to join' });
    await within(section).findByText('Carla Dias');
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Accept Carla Dias' }));
    await waitFor(() => expect(within(section).queryByText('Carla Dias')).toBeNull());
    await user.click(within(section).getByRole('button', { name: 'Decline Duarte Sousa' }));
    expect(await within(section).findByText('No one is waiting.')).toBeTruthy();
    expect(answered).toEqual([
      { userId: CARLA.userId, accept: true },
      { userId: DUARTE.userId, accept: false },
    ]);
    // A moderator does not change roles (the holder does).
    expect(screen.queryByRole('combobox', { name: /^Role of/ })).toBeNull();
  });

  it('lets the holder make a member moderator', async () => {
    let members: CircleMember[] = [
      { member: member(1, 'Ana Lima'), role: 'holder', joinedAt: '2026-01-01T10:00:00Z' },
      { member: CARLA, role: 'member', joinedAt: '2026-01-02T10:00:00Z' },
    ];
    const roles: unknown[] = [];
    stubApi(
      answers(
        'holder',
        { holder: member(1, 'Ana Lima') },
        {
          [`GET ${EC}/circles/${CIRCLE_ID}/members`]: () => ({ members }),
          [`PUT ${EC}/circles/${CIRCLE_ID}/members/${CARLA.userId}/role`]: ({ body }) => {
            roles.push(body);
            members = members.map((m) =>
              m.member.userId === CARLA.userId ? { ...m, role: 'moderator' } : m,
            );
            return members[1];
          },
        },
      ),
      { signedIn: ME },
    );
    renderAt(`/circles/${CIRCLE_ID}/members`);
    const list = await screen.findByRole('list', { name: 'Circle members' });
    // The holder's own row has no role picker: handing over is done from the new holder's row.
    expect(within(list).queryByRole('combobox', { name: 'Role of Ana Lima' })).toBeNull();
    await userEvent.selectOptions(
      within(list).getByRole('combobox', { name: 'Role of Carla Dias' }),
      'moderator',
    );
    expect(await within(list).findByText('Moderator', { selector: 'span' })).toBeTruthy();
    expect(roles).toEqual([{ role: 'moderator' }]);
  });

  it('invites a member found by name', async () => {
    const invitations: unknown[] = [];
    stubApi(
      answers(
        'holder',
        { joinPolicy: 'invitation' },
        {
          [`GET ${EC}/circles/${CIRCLE_ID}/members`]: () => ({ members: [] }),
          'GET /api/v1/social-graph/people': ({ url }) => ({
            people:
              url.searchParams.get('q') === 'Duar'
                ? [
                    {
                      ...DUARTE,
                      badges: [],
                      city: null,
                      distanceKm: null,
                      sharedPractices: [],
                      status: 'none',
                      requestId: null,
                    },
                  ]
                : [],
            nextCursor: null,
          }),
          [`POST ${EC}/circles/${CIRCLE_ID}/invitations`]: ({ body }) => {
            invitations.push(body);
            return Response.json(
              { circleId: CIRCLE_ID, userId: DUARTE.userId, standing: 'invited', memberCount: 4 },
              { status: 201 },
            );
          },
        },
      ),
      { signedIn: ME },
    );
    renderAt(`/circles/${CIRCLE_ID}/members`);
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    const user = userEvent.setup();
    expect(within(form).getByRole('button', { name: 'Send invitation' }).hasAttribute('disabled')).toBe(true);
    await user.type(within(form).getByRole('combobox', { name: 'Invite a member' }), 'Duar');
    await user.click(await screen.findByRole('option', { name: 'Duarte Sousa (@duarte_sousa)' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Duarte Sousa is invited.')).toBeTruthy();
    expect(invitations).toEqual([{ userId: DUARTE.userId }]);
  });

  it('shows a plain member of a closed circle no management', async () => {
    stubApi(
      answers(
        'member',
        { joinPolicy: 'request' },
        {
          [`GET ${EC}/circles/${CIRCLE_ID}/members`]: () => ({
            members: [{ member: CARLA, role: 'member', joinedAt: '2026-01-02T10:00:00Z' }],
          }),
        },
      ),
      { signedIn: ME },
    );
    renderAt(`/circles/${CIRCLE_ID}/members`);
    await screen.findByRole('list', { name: 'Circle members' });
    expect(screen.queryByRole('region', { name: 'Requests to join' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role of Carla Dias' })).toBeNull();
  });
});

describe('circle leaders manage meetups', () => {
  function meetupAnswers(state: { detail: MeetupDetail }, log: unknown[]): ApiAnswers {
    const { id: meetupId } = state.detail.meetup;
    const occurrenceId = state.detail.occurrences[0]!.id;
    return answers(
      'moderator',
      {},
      {
        [`GET ${EC}/circles/${CIRCLE_ID}/meetups`]: () => ({ meetups: [state.detail] }),
        [`PATCH ${EC}/meetups/${meetupId}/occurrences/${occurrenceId}`]: ({ body }) => {
          log.push({ editDate: body });
          const o = { ...state.detail.occurrences[0]!, ...(body as object), modified: true };
          state.detail = { ...state.detail, occurrences: [o] };
          return o;
        },
        [`POST ${EC}/meetups/${meetupId}/occurrences/${occurrenceId}/cancel`]: ({ body }) => {
          log.push({ cancelDate: body });
          const o = { ...state.detail.occurrences[0]!, status: 'cancelled' as const };
          state.detail = { ...state.detail, occurrences: [o] };
          return o;
        },
        [`PATCH ${EC}/meetups/${meetupId}`]: ({ body }) => {
          log.push({ editSeries: body });
          state.detail = { ...state.detail, meetup: { ...state.detail.meetup, ...(body as object) } };
          return state.detail;
        },
        [`POST ${EC}/meetups/${meetupId}/cancel`]: ({ body }) => {
          log.push({ cancelSeries: body });
          state.detail = { ...state.detail, meetup: { ...state.detail.meetup, status: 'cancelled' } };
          return state.detail;
        },
      },
    );
  }

  it('moves one date to a later time, then cancels that date', async () => {
    const state = { detail: aMeetup(attendance({ capacity: 2 })) };
    const log: unknown[] = [];
    stubApi(meetupAnswers(state, log), { signedIn: ME });
    renderAt(`/circles/${CIRCLE_ID}/meetups`);
    const date = await screen.findByTestId('occurrence');
    const user = userEvent.setup();
    const manageDate = within(date).getByRole('group', { name: 'Manage this date' });
    await user.click(within(manageDate).getByRole('button', { name: 'Edit date' }));
    // One date has no title of its own: time and places only.
    expect(within(manageDate).queryByLabelText('Title')).toBeNull();
    const starts = within(manageDate).getByLabelText('Starts');
    await user.clear(starts);
    await user.type(starts, '2099-03-17T19:30');
    await user.click(within(manageDate).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(log).toEqual([{ editDate: { localStart: '2099-03-17T19:30' } }]));

    await user.click(within(manageDate).getByRole('button', { name: 'Cancel date' }));
    await user.click(within(manageDate).getByRole('button', { name: 'Yes, cancel this date' }));
    expect(
      await within(await screen.findByTestId('occurrence')).findByText('This meetup was cancelled.'),
    ).toBeTruthy();
    expect(log[1]).toEqual({ cancelDate: {} });
  });

  it('renames the whole series and cancels it with a reason', async () => {
    const state = { detail: aMeetup(attendance({ capacity: 2 })) };
    const log: unknown[] = [];
    stubApi(meetupAnswers(state, log), { signedIn: ME });
    renderAt(`/circles/${CIRCLE_ID}/meetups`);
    const card = await screen.findByRole('region', { name: 'Tuesday sit' });
    const user = userEvent.setup();
    const series = within(card).getByRole('group', { name: 'Manage this series' });
    await user.click(within(series).getByRole('button', { name: 'Edit series' }));
    const title = within(series).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Tuesday evening sit');
    await user.click(within(series).getByRole('button', { name: 'Save changes' }));
    const renamed = await screen.findByRole('region', { name: 'Tuesday evening sit' });
    expect(log).toEqual([{ editSeries: { title: 'Tuesday evening sit' } }]);

    const again = within(renamed).getByRole('group', { name: 'Manage this series' });
    await user.click(within(again).getByRole('button', { name: 'Cancel series' }));
    await user.type(within(again).getByLabelText('Reason (optional)'), 'The room closed');
    await user.click(within(again).getByRole('button', { name: 'Yes, cancel this series' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Tuesday evening sit' })).getByText('Cancelled'),
      ).toBeTruthy(),
    );
    expect(log[1]).toEqual({ cancelSeries: { reason: 'The room closed' } });
    expect(screen.queryByRole('group', { name: 'Manage this series' })).toBeNull();
  });

  it('offers a plain circle member no meetup management', async () => {
    stubApi(
      answers(
        'member',
        {},
        {
          [`GET ${EC}/circles/${CIRCLE_ID}/meetups`]: () => ({ meetups: [aMeetup(attendance())] }),
        },
      ),
      { signedIn: ME },
    );
    renderAt(`/circles/${CIRCLE_ID}/meetups`);
    await screen.findByRole('region', { name: 'Tuesday sit' });
    expect(screen.queryByRole('button', { name: 'Edit series' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit date' })).toBeNull();
  });
});
