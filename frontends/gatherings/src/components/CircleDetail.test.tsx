import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, Route, Routes } from '@mer/router';
import { queryClient } from '@mer/server-state';
import { stubApi } from '../../../component-testing.ts';
import { CIRCLE_ID, ME, aCircle, aMeetup, attendance, member } from '../testing/fixtures.ts';
import { EC, accountAnswers } from '../testing/api.ts';
import CircleDetail from './CircleDetail.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
});

const TOPIC = '00000000-0000-4000-8000-0000000000f1';
const DISCUSSION = '00000000-0000-4000-8000-0000000000d1';
const POST = '00000000-0000-4000-8000-0000000000a9';
const discussion = {
  id: DISCUSSION,
  circleId: CIRCLE_ID,
  topicId: TOPIC,
  author: member(3, 'Carla Dias'),
  title: 'Breathing before sitting?',
  body: '<p>Do you breathe first?</p>',
  replyCount: 1,
  createdAt: '2026-01-01T10:00:00Z',
  lastActivityAt: '2026-01-01T10:00:00Z',
};
const post = {
  id: POST,
  circleId: CIRCLE_ID,
  postType: 'circle' as const,
  author: member(2, 'Bruno Reis'),
  content: '<p>Welcome, everyone!</p>',
  reactionCounts: {},
  myReaction: null,
  createdAt: '2026-01-01T10:00:00Z',
};

function answers(overrides: Record<string, (r: { body: unknown }) => unknown> = {}) {
  return {
    ...accountAnswers(),
    [`GET ${EC}/circles/${CIRCLE_ID}`]: () => aCircle({ myStanding: 'member', memberCount: 5 }),
    [`GET ${EC}/circles/${CIRCLE_ID}/posts`]: () => ({ posts: [post] }),
    [`GET ${EC}/circles/${CIRCLE_ID}/posts/${POST}`]: () => post,
    [`GET ${EC}/circles/${CIRCLE_ID}/forum`]: () => ({
      topics: [
        {
          id: TOPIC,
          circleId: CIRCLE_ID,
          title: 'Practice questions',
          description: '',
          discussionCount: 1,
          createdBy: member(2, 'Bruno Reis'),
          createdAt: '2026-01-01T10:00:00Z',
        },
      ],
    }),
    [`GET ${EC}/circles/${CIRCLE_ID}/forum/${TOPIC}`]: () => ({
      topic: {
        id: TOPIC,
        circleId: CIRCLE_ID,
        title: 'Practice questions',
        description: '',
        discussionCount: 1,
        createdBy: member(2, 'Bruno Reis'),
        createdAt: '2026-01-01T10:00:00Z',
      },
      discussions: [discussion],
    }),
    [`GET ${EC}/circles/${CIRCLE_ID}/discussions`]: () => ({ discussions: [discussion] }),
    [`GET ${EC}/circles/${CIRCLE_ID}/discussions/${DISCUSSION}`]: () => ({
      discussion,
      replies: [
        {
          id: '00000000-0000-4000-8000-0000000000e9',
          discussionId: DISCUSSION,
          author: member(2, 'Bruno Reis'),
          body: '<p>Three breaths.</p>',
          createdAt: '2026-01-01T11:00:00Z',
        },
      ],
    }),
    [`GET ${EC}/circles/${CIRCLE_ID}/members`]: () => ({
      members: [
        { member: member(2, 'Bruno Reis'), role: 'holder', joinedAt: '2026-01-01T10:00:00Z' },
        { member: member(1, 'Ana Lima'), role: 'member', joinedAt: '2026-01-02T10:00:00Z' },
      ],
    }),
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

describe('/circles/{id} and its sub-paths', () => {
  it('opens the posts tab, and a post named by the path on top', async () => {
    stubApi(answers(), { signedIn: ME });
    renderAt(`/circles/${CIRCLE_ID}/posts/${POST}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lisbon Sitting Group' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Posts', selected: true })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Post by Bruno Reis' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave circle' })).toBeTruthy();
  });

  it('opens a forum topic, a discussion with its replies, and the members, and writes the tab into the path', async () => {
    stubApi(answers(), { signedIn: ME });
    const view = renderAt(`/circles/${CIRCLE_ID}/forum/${TOPIC}`);
    expect(await screen.findByRole('heading', { name: 'Practice questions' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Forum', selected: true })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Breathing before sitting?' })).toBeTruthy();
    view.unmount();

    renderAt(`/circles/${CIRCLE_ID}/discussions/${DISCUSSION}`);
    expect(await screen.findByRole('heading', { name: 'Breathing before sitting?' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Discussions', selected: true })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Replies' })).getByText('Three breaths.')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Members' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/circles/${CIRCLE_ID}/members`));
    const members = await screen.findByRole('list', { name: 'Circle members' });
    expect(within(members).getByText('Holder')).toBeTruthy();
  });

  it('opens a meetup and takes a place on the waitlist of a full occurrence', async () => {
    let occurrence = attendance({ capacity: 2, goingCount: 2, spotsLeft: 0 });
    const detail = () => aMeetup(occurrence);
    const meetupId = detail().meetup.id;
    const occurrenceId = detail().occurrences[0]!.id;
    stubApi(
      answers({
        [`GET ${EC}/circles/${CIRCLE_ID}/meetups`]: () => ({ meetups: [detail()] }),
        [`PUT ${EC}/meetups/${meetupId}/occurrences/${occurrenceId}/rsvp`]: () => {
          occurrence = { ...occurrence, waitlistCount: 1, myStatus: 'waitlisted', myWaitlistPosition: 1 };
          return { targetId: occurrenceId, attendance: occurrence };
        },
      }),
      { signedIn: ME },
    );
    renderAt(`/circles/${CIRCLE_ID}/meetups/${meetupId}`);
    const meetup = await screen.findByRole('region', { name: 'Tuesday sit' });
    expect(screen.getByRole('tab', { name: 'Meetups', selected: true })).toBeTruthy();
    expect(within(meetup).getByText(/Repeats · 2 places each time · times in Europe\/Lisbon/)).toBeTruthy();
    const date = within(meetup).getByTestId('occurrence');
    expect(within(date).getByText(/Full: you can join the waitlist/)).toBeTruthy();
    await userEvent.click(within(date).getByRole('button', { name: /^Join the waitlist of Tuesday sit on/ }));
    expect(await within(date).findByText("You're on the waitlist: number 1")).toBeTruthy();
  });

  it('tells a member who has not joined why the tabs are closed, and offers to join', async () => {
    stubApi(
      answers({
        [`GET ${EC}/circles/${CIRCLE_ID}`]: () => aCircle({ myStanding: 'none' }),
        [`GET ${EC}/circles/${CIRCLE_ID}/posts`]: () =>
          Response.json(
            { error: { code: 'permission_denied', message: 'Join the circle to see its posts.' } },
            { status: 403 },
          ),
      }),
      { signedIn: ME },
    );
    renderAt(`/circles/${CIRCLE_ID}`);
    expect(await screen.findByRole('button', { name: 'Join circle' })).toBeTruthy();
    const panel = screen.getByRole('tabpanel');
    await waitFor(() => expect(within(panel).queryByText('Loading posts…')).toBeNull());
    expect(within(panel).queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(within(panel).queryByRole('textbox', { name: 'Share with the circle' })).toBeNull();
  });
});
