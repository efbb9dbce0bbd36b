import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToastStore } from '@mer/design-system';
import { stubApi, type ApiRequest } from '../../../component-testing.ts';
import ModerationQueue from './ModerationQueue.tsx';
import SecurityLog from './SecurityLog.tsx';
import SessionTools from './SessionTools.tsx';
import { admin, resetAfterEachTest, toastTitles, inRouter } from './admin-testing.tsx';

resetAfterEachTest();

const item = {
  id: '11111111-1111-4111-8111-111111111111',
  service: 'community-feed',
  targetType: 'post',
  targetId: '22222222-2222-4222-8222-222222222222',
  authorId: '33333333-3333-4333-8333-333333333333',
  context: null,
  place: null,
  status: 'open',
  hidden: true,
  reportCount: 3,
  reports: [
    {
      reportId: '44444444-4444-4444-8444-444444444444',
      reporterId: '55555555-5555-4555-8555-555555555555',
      reason: 'Spam or misleading',
      details: null,
      reportedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  lastAction: null,
  decidedBy: null,
  decidedAt: null,
  firstReportedAt: '2026-11-20T10:00:00.000Z',
};

describe('the moderation queue', () => {
  it('shows reported items with their reports and deletes one after confirming', async () => {
    const decisions: unknown[] = [];
    stubApi(
      {
        'GET /api/v1/admin/moderation': () => ({
          items: decisions.length ? [] : [item],
          total: decisions.length ? 0 : 1,
        }),
        [`POST /api/v1/admin/moderation/${item.id}/decisions`]: ({ body }: ApiRequest) => {
          decisions.push(body);
          return { ...item, status: 'decided', lastAction: 'delete' };
        },
      },
      { signedIn: admin },
    );
    inRouter(<ModerationQueue />);
    const list = await screen.findByRole('list', { name: 'Reported items' });
    expect(within(list).getByText('3 reports')).toBeTruthy();
    expect(within(list).getByText(/Spam or misleading/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Delete' }));
    // Nothing happens before the confirmation.
    expect(decisions).toEqual([]);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await user.type(within(dialog).getByLabelText('Reason (optional)', { selector: 'input' }), 'Spam links');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Nothing waits for review.')).toBeTruthy();
    expect(decisions).toEqual([{ action: 'delete', note: 'Spam links' }]);
    expect(toastTitles()).toContain('Content deleted');
  });

  it('shows where new items come from and what was reported; a message cannot be restored', async () => {
    const circlePost = {
      ...item,
      id: '66666666-6666-4666-8666-666666666666',
      service: 'events-circles',
      targetType: 'circle_post',
      context: 'Buy my course now <b>cheap</b>',
      hidden: false,
    };
    const message = {
      ...item,
      id: '77777777-7777-4777-8777-777777777777',
      service: 'messaging',
      targetType: 'message',
      context: 'Send me your bank details',
      hidden: false,
    };
    stubApi(
      { 'GET /api/v1/admin/moderation': () => ({ items: [circlePost, message], total: 2 }) },
      { signedIn: admin },
    );
    inRouter(<ModerationQueue />);
    const list = await screen.findByRole('list', { name: 'Reported items' });
    const [postCard, messageCard] = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(within(postCard!).getByText('circle post')).toBeTruthy();
    expect(within(postCard!).getByText('from Circles & events')).toBeTruthy();
    // Shown as text, never as markup.
    expect(within(postCard!).getByText('Buy my course now <b>cheap</b>')).toBeTruthy();
    expect(within(postCard!).getByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(within(messageCard!).getByText('from Messages')).toBeTruthy();
    expect(within(messageCard!).getByText('Send me your bank details')).toBeTruthy();
    expect(within(messageCard!).queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(within(messageCard!).queryByRole('link', { name: /Open/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(postCard!).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByRole('dialog', { name: 'Hide this circle post?' })).toBeTruthy();
  });

  it('names the circle of a circle discussion and links the discussion and a reply to their pages', async () => {
    const circleId = '88888888-8888-4888-8888-888888888888';
    const discussionId = '99999999-9999-4999-8999-999999999999';
    const circleDiscussion = {
      ...item,
      id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      service: 'events-circles',
      targetType: 'circle_discussion',
      context: 'Cheap crystals here',
      place: { circleId, circleName: 'Dawn Sitters' },
      hidden: false,
    };
    const feedReply = {
      ...item,
      id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      targetType: 'discussion_reply',
      context: 'Buy my moon water',
      place: { discussionId },
      hidden: false,
    };
    stubApi(
      { 'GET /api/v1/admin/moderation': () => ({ items: [circleDiscussion, feedReply], total: 2 }) },
      { signedIn: admin },
    );
    inRouter(<ModerationQueue />);
    const list = await screen.findByRole('list', { name: 'Reported items' });
    const [discussionCard, replyCard] = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(within(discussionCard!).getByText('circle discussion')).toBeTruthy();
    expect(within(discussionCard!).getByText(/in the circle “Dawn Sitters”/)).toBeTruthy();
    expect(within(discussionCard!).getByText('Cheap crystals here')).toBeTruthy();
    expect(within(discussionCard!).getByRole('link', { name: 'Open discussion' }).getAttribute('href')).toBe(
      `/circles/${circleId}/discussions/${circleDiscussion.targetId}`,
    );
    expect(within(replyCard!).getByText('discussion reply')).toBeTruthy();
    expect(within(replyCard!).getByRole('link', { name: 'Open discussion' }).getAttribute('href')).toBe(
      `/discussions/${discussionId}`,
    );
  });

  it("says 'Permission Denied' when the server refuses", async () => {
    stubApi(
      {
        'GET /api/v1/admin/moderation': () =>
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
          ),
      },
      { signedIn: admin },
    );
    inRouter(<ModerationQueue />);
    expect(await screen.findByText('Permission Denied')).toBeTruthy();
  });
});

describe('the security log', () => {
  it('lists events as text and resolves one', async () => {
    let resolved = false;
    const event = {
      id: '66666666-6666-4666-8666-666666666666',
      createdAt: '2026-11-26T10:00:00.000Z',
      type: 'suspicious_script_injection',
      severity: 'critical',
      description: 'Script tag injection in post.content',
      source: 'community-feed',
      userId: item.authorId,
      userAgent: null,
      ip: null,
      details: { sample: '<script>alert(1)</script>' },
      resolved: false,
      resolvedAt: null,
      resolvedBy: null,
    };
    stubApi(
      {
        'GET /api/v1/admin/security-events': ({ url }: ApiRequest) => ({
          events: url.searchParams.get('resolved') === 'false' && resolved ? [] : [{ ...event, resolved }],
        }),
        [`POST /api/v1/admin/security-events/${event.id}/resolve`]: () => {
          resolved = true;
          return { ...event, resolved: true, resolvedAt: '2026-11-26T11:00:00.000Z', resolvedBy: admin.id };
        },
      },
      { signedIn: admin },
    );
    inRouter(<SecurityLog />);
    const list = await screen.findByRole('list', { name: 'Security events' });
    expect(within(list).getByText('critical')).toBeTruthy();
    expect(within(list).getByText('<script>alert(1)</script>')).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('No security events.')).toBeTruthy();
    expect(toastTitles()).toContain('Event resolved');
  });
});

describe('the admin tools (/session-manager)', () => {
  it("ends all sessions after confirming: 'Sessions Ended', or the spec's failure words", async () => {
    let fail = false;
    stubApi(
      {
        'POST /api/v1/identity/admin/sessions/revoke-all': () =>
          fail
            ? Response.json(
                { error: { code: 'server_error', title: 'Server Error', message: 'x', retryable: true } },
                { status: 500 },
              )
            : { message: 'All sessions have been ended', revokedSessions: 4 },
      },
      { signedIn: admin },
    );
    inRouter(<SessionTools />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End all sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    await screen.findByRole('button', { name: 'End all sessions' });
    await expect.poll(toastTitles).toContain('Sessions Ended');
    fail = true;
    await user.click(screen.getAllByRole('button', { name: 'End all sessions' })[0]!);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'End all sessions?' })).getByRole('button', {
        name: 'End all sessions',
      }),
    );
    await expect
      .poll(() => useToastStore.getState().toasts.map((t) => t.description))
      .toContain('Failed to end sessions. Please try again.');
  });

  it("asks for an e-mail before syncing, then shows the provider's answer", async () => {
    const api = stubApi(
      {
        'POST /api/v1/billing/admin/sync': () => ({
          synced: false,
          userId: null,
          title: 'No Changes',
          message: 'No active subscription found in the card payment provider',
        }),
        'POST /api/v1/messaging/admin/cleanup-orphaned-messages': () => ({
          message: 'Removed 2 orphaned messages',
        }),
      },
      { signedIn: admin },
    );
    inRouter(<SessionTools />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sync membership' }));
    expect(toastTitles()).toContain('Email Required');
    expect(screen.getAllByText('Please enter a user email address').length).toBeGreaterThan(0);
    expect(api.mock.calls.some(([url]) => String(url).includes('/billing/admin/sync'))).toBe(false);
    await user.type(screen.getByLabelText('Member e-mail', { selector: 'input' }), 'river@example.org');
    await user.click(screen.getByRole('button', { name: 'Sync membership' }));
    await expect.poll(toastTitles).toContain('No Changes');
    await user.click(screen.getByRole('button', { name: 'Clean up orphaned messages' }));
    await expect.poll(toastTitles).toContain('Cleanup Complete');
  });
});

describe('diagnostics', () => {
  it("shows each service's readiness as the gateway sees it", async () => {
    stubApi(
      {
        'GET /readyz': () =>
          Response.json(
            {
              status: 'not ready',
              service: 'gateway',
              services: { identity: 'ready', billing: 'unreachable' },
            },
            { status: 503 },
          ),
      },
      { signedIn: admin },
    );
    inRouter(<SessionTools />);
    await userEvent.click(screen.getByRole('button', { name: 'Run diagnostics' }));
    expect(await screen.findByText('unreachable')).toBeTruthy();
    const report = screen.getByText('billing').closest('dl')!;
    expect(report.getAttribute('aria-label')).toBe('Diagnostics');
    expect(within(report).getByText('ready')).toBeTruthy();
  });
});
