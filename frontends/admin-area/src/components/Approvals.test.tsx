import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi, type ApiAnswers, type ApiRequest } from '../../../component-testing.ts';
import Approvals from './Approvals.tsx';
import { admin, resetAfterEachTest, toastTitles, inRouter } from './admin-testing.tsx';

resetAfterEachTest();

const EC = '/api/v1/events-circles';
const hana = {
  userId: '33333333-3333-4333-8333-333333333333',
  name: 'Hana Ito',
  username: 'hana',
  imageUrl: null,
};

const circle = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Tuesday Sitters',
  description: '<p>We sit together on <b>Tuesdays</b> &amp; share tea.</p>',
  category: 'practice',
  joinPolicy: 'open',
  city: { id: '2267057', label: 'Lisbon, Portugal' },
  online: false,
  coverUrl: null,
  approvalStatus: 'pending',
  rejectionReason: null,
  holder: hana,
  memberCount: 1,
  myStanding: 'none',
  createdAt: '2026-11-26T09:30:00.000Z',
};

const event = {
  id: '22222222-2222-4222-8222-222222222222',
  title: 'Full moon breathwork',
  description: `<p>${'Breathe with the moon. '.repeat(20)}</p>`,
  category: 'healing',
  type: 'online',
  place: { city: null, address: null, onlineUrl: null, hiddenUntilGoing: true },
  timeZone: 'Europe/Lisbon',
  startsAt: '2026-12-03T19:00:00.000Z',
  endsAt: '2026-12-03T21:00:00.000Z',
  localStart: '2026-12-03T19:00',
  localEnd: '2026-12-03T21:00',
  coverUrl: null,
  circle: null,
  host: hana,
  approvalStatus: 'pending',
  rejectionReason: null,
  status: 'scheduled',
  cancellationReason: null,
  attendance: {
    capacity: null,
    goingCount: 0,
    waitlistCount: 0,
    spotsLeft: null,
    myStatus: 'none',
    myWaitlistPosition: null,
  },
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
};

const noSuggestions: ApiAnswers = {
  'GET /api/v1/profile-onboarding/admin/interest-suggestions': () => ({ suggestions: [] }),
};

/** events-circles' review routes over one pending circle and one pending event; records each decision. */
function reviewApi() {
  const decisions: { path: string; body: unknown }[] = [];
  let circles = [circle];
  let events = [event];
  const decide =
    (path: string, drop: () => void, answer: object) =>
    ({ body }: ApiRequest) => {
      decisions.push({ path, body });
      drop();
      return { ...answer, ...(body as object), approvalStatus: (body as { decision: string }).decision };
    };
  const answers: ApiAnswers = {
    ...noSuggestions,
    [`GET ${EC}/review/circles`]: () => ({ circles }),
    [`GET ${EC}/review/events`]: () => ({ events }),
    [`PUT ${EC}/review/circles/${circle.id}`]: decide(`circles/${circle.id}`, () => (circles = []), circle),
    [`PUT ${EC}/review/events/${event.id}`]: decide(`events/${event.id}`, () => (events = []), event),
  };
  return { answers, decisions };
}

describe('approvals of circles and events', () => {
  it('lists what waits with its creator, category, place, date, description and creation time', async () => {
    stubApi(reviewApi().answers, { signedIn: admin });
    inRouter(<Approvals />);
    const circles = await screen.findByRole('list', { name: 'Circles waiting for approval' });
    const circleCard = within(circles).getByText('Tuesday Sitters').closest('li')!;
    expect(within(circleCard).getByRole('link', { name: 'Hana Ito' }).getAttribute('href')).toBe(
      `/admin/user-profile/${hana.userId}`,
    );
    expect(within(circleCard).getByText('practice')).toBeTruthy();
    expect(within(circleCard).getByText('Lisbon, Portugal')).toBeTruthy();
    // The stored HTML reads as plain text.
    expect(within(circleCard).getByText('We sit together on Tuesdays & share tea.')).toBeTruthy();
    expect(circleCard.querySelector('time')?.getAttribute('dateTime')).toBe(circle.createdAt);

    const events = await screen.findByRole('list', { name: 'Events waiting for approval' });
    const eventCard = within(events).getByText('Full moon breathwork').closest('li')!;
    expect(within(eventCard).getByText('Online')).toBeTruthy();
    expect(within(eventCard).getByText('healing')).toBeTruthy();
    expect(within(eventCard).getByText('2026-12-03 19:00–21:00 (Europe/Lisbon)')).toBeTruthy();
    // A long description is cut to an excerpt.
    const excerpt = within(eventCard).getByText(/^Breathe with the moon/);
    expect(excerpt.textContent!.endsWith('…')).toBe(true);
    expect(excerpt.textContent!.length).toBeLessThanOrEqual(201);
    expect(screen.getByText('No suggestions wait for review.')).toBeTruthy();
  });

  it('says so in plain words when nothing waits', async () => {
    stubApi(
      {
        ...noSuggestions,
        [`GET ${EC}/review/circles`]: () => ({ circles: [] }),
        [`GET ${EC}/review/events`]: () => ({ events: [] }),
      },
      { signedIn: admin },
    );
    inRouter(<Approvals />);
    expect(await screen.findByText('No circles wait for approval.')).toBeTruthy();
    expect(await screen.findByText('No events wait for approval.')).toBeTruthy();
  });

  it('approves a circle at once, and the list refreshes', async () => {
    const { answers, decisions } = reviewApi();
    stubApi(answers, { signedIn: admin });
    inRouter(<Approvals />);
    const circles = await screen.findByRole('list', { name: 'Circles waiting for approval' });
    await userEvent.click(within(circles).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No circles wait for approval.')).toBeTruthy();
    expect(decisions).toEqual([{ path: `circles/${circle.id}`, body: { decision: 'approved' } }]);
    expect(toastTitles()).toContain('Circle approved');
    // The event still waits.
    expect(screen.getByRole('list', { name: 'Events waiting for approval' })).toBeTruthy();
  });

  it('rejects an event only with a reason, and sends that reason', async () => {
    const { answers, decisions } = reviewApi();
    stubApi(answers, { signedIn: admin });
    inRouter(<Approvals />);
    const events = await screen.findByRole('list', { name: 'Events waiting for approval' });
    const user = userEvent.setup();
    await user.click(within(events).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Full moon breathwork”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give the reason for rejecting the event.')).toBeTruthy();
    // Spaces alone are no reason either.
    await user.type(within(dialog).getByLabelText('Reason', { selector: 'input' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(decisions).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Reason', { selector: 'input' }));
    await user.type(
      within(dialog).getByLabelText('Reason', { selector: 'input' }),
      '  Please add the meeting link  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('No events wait for approval.')).toBeTruthy();
    expect(decisions).toEqual([
      {
        path: `events/${event.id}`,
        body: { decision: 'rejected', reason: 'Please add the meeting link' },
      },
    ]);
    expect(toastTitles()).toContain('Event rejected');
    // The circle was left alone.
    expect(screen.getByRole('list', { name: 'Circles waiting for approval' })).toBeTruthy();
  });

  it("shows the server's refusal in its own words", async () => {
    const denied = () =>
      Response.json(
        {
          error: {
            code: 'permission_denied',
            title: 'Permission Denied',
            message: "You don't have permission to perform this action",
            retryable: false,
          },
        },
        { status: 403 },
      );
    stubApi(
      {
        ...noSuggestions,
        [`GET ${EC}/review/circles`]: () => ({ circles: [circle] }),
        [`GET ${EC}/review/events`]: () => ({ events: [] }),
        [`PUT ${EC}/review/circles/${circle.id}`]: denied,
      },
      { signedIn: admin },
    );
    inRouter(<Approvals />);
    const circles = await screen.findByRole('list', { name: 'Circles waiting for approval' });
    await userEvent.click(within(circles).getByRole('button', { name: 'Approve' }));
    await expect.poll(toastTitles).toContain('Permission Denied');
    expect(within(circles).getByText('Tuesday Sitters')).toBeTruthy();
  });
});

describe('approvals of interest suggestions', () => {
  it('approves an interest suggestion and rejects one only with a reason', async () => {
    const suggestion = (id: string, name: string) => ({
      id,
      userId: null,
      suggestedName: name,
      status: 'pending',
      createdAt: '2026-11-26T10:00:00.000Z',
      reviewedBy: null,
      reviewedAt: null,
      rejectionReason: null,
    });
    let pending = [suggestion('s1', 'Sound healing'), suggestion('s2', 'Crypto')];
    const rejections: unknown[] = [];
    stubApi(
      {
        [`GET ${EC}/review/circles`]: () => ({ circles: [] }),
        [`GET ${EC}/review/events`]: () => ({ events: [] }),
        'GET /api/v1/profile-onboarding/admin/interest-suggestions': () => ({ suggestions: pending }),
        'POST /api/v1/profile-onboarding/admin/interest-suggestions/s1/approve': () => {
          pending = pending.filter((s) => s.id !== 's1');
          return { suggestion: { ...suggestion('s1', 'Sound healing'), status: 'approved' }, practice: {} };
        },
        'POST /api/v1/profile-onboarding/admin/interest-suggestions/s2/reject': ({ body }: ApiRequest) => {
          rejections.push(body);
          pending = [];
          return { suggestion: { ...suggestion('s2', 'Crypto'), status: 'rejected' } };
        },
      },
      { signedIn: admin },
    );
    inRouter(<Approvals />);
    const list = await screen.findByRole('list', { name: 'Interest suggestions' });
    const user = userEvent.setup();
    await user.click(
      within(within(list).getByText('Sound healing').closest('li')!).getByRole('button', { name: 'Approve' }),
    );
    await expect.poll(toastTitles).toContain('Interest approved');
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Crypto”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please give a reason')).toBeTruthy();
    expect(rejections).toEqual([]);
    await user.type(
      within(dialog).getByLabelText('Reason', { selector: 'input' }),
      'Not a spiritual practice',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('No suggestions wait for review.')).toBeTruthy();
    expect(rejections).toEqual([{ reason: 'Not a spiritual practice' }]);
  });
});
