/// <reference lib="dom" />
/**
 * The admin area (issue 20), in the browser: two members report a post; the admin sees it in the moderation
 * queue, hides it after confirming, and it disappears from a member's open feed live; a script in a post reaches
 * the admin's security log live and the admin resolves it; the admin grants a member users_update; a member creates
 * a circle and an event, the admin approves the circle and rejects the event with a reason in Approvals; the admin
 * ends all sessions at /session-manager and the member's open tab is signed out at once ('Session Invalid', then
 * /login). Memberships and revenue: a member signs up with a 20% invitation and pays the test checkout; the Overview
 * shows the active memberships, MRR and this month's money (as billing's admin report gives them: the other steps'
 * members pay too) as bars and a table; the member's page shows the plan, price, discount and first payment; a
 * member who never paid reads 'No membership'. New reports (issue 20): a member reports a circle post, an event, a
 * message and a circle discussion through the UI; the admin sees each with its context (the discussion's circle
 * named), hides the post (gone from the member's circle) and dismisses the discussion's report; the reporter reads
 * both decisions in plain words on /notifications. Run: node --import tsx frontends/build/build-all.ts, then
 * npx vitest run --config e2e/vitest.config.ts e2e/web-admin.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FEED, paidMember, waitUntilMayPost, type CommunityMember } from './support/community.ts';
import { PHOTO_FIXTURES } from './support/fixtures.ts';
import { completeOnboardingViaApi, logInViaForm } from './support/members.ts';
import {
  api,
  browserTestsUnavailable,
  createInvitationCode,
  launchBrowser,
  newContext,
  newMember,
  seriousA11yViolations,
  startMer,
  waitForPath,
  waitForToast,
  type MerUnderTest,
  type TestMember,
} from './support/web.ts';

const unavailable = browserTestsUnavailable();
if (unavailable) console.warn(`[web e2e] skipped: ${unavailable}`);

async function signedIn(browser: Browser, mer: MerUnderTest, email: string, password: string, path: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await logInViaForm(page, mer, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(`${mer.url}${path}`);
  return { context, page };
}

async function post(member: CommunityMember, mer: MerUnderTest, content: string): Promise<string> {
  const created = await api(mer.url, 'POST', `${FEED}/posts`, { content, topic: 'general' }, member.auth);
  expect(created.status).toBe(201);
  return created.json.id as string;
}

async function report(member: CommunityMember, mer: MerUnderTest, postId: string): Promise<void> {
  const res = await api(
    mer.url,
    'POST',
    `${FEED}/reports`,
    { targetType: 'post', targetId: postId, reason: 'Spam or misleading' },
    member.auth,
  );
  expect(res.status).toBe(201);
}

const postCard = (page: Page, text: string) => page.getByTestId('post').filter({ hasText: text });

const EC = '/api/v1/events-circles';

/**
 * Creates a circle or an event through events-circles' API and returns its id. It refuses (403) until it has heard
 * through billing's and profile-onboarding's events that the member is paid and onboarded, so this retries a while.
 */
async function createGathering(
  member: CommunityMember,
  mer: MerUnderTest,
  path: '/circles' | '/events',
  body: Record<string, unknown>,
): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const created = await api(mer.url, 'POST', `${EC}${path}`, body, member.auth);
    if (created.status === 201) return created.json.id as string;
    if (created.status !== 403 || Date.now() > deadline)
      throw new Error(`POST ${path}: ${created.status} ${JSON.stringify(created.json)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** A calendar date `days` from today (UTC), YYYY-MM-DD. */
function dateInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Signs up through the API with an invitation carrying `discountPercent`; the member's id and bearer header. */
async function signedUp(mer: MerUnderTest, member: TestMember, discountPercent?: number) {
  const invitationCode = await createInvitationCode(mer, discountPercent ? { discountPercent } : {});
  const signup = await api(mer.url, 'POST', '/api/v1/identity/signup', {
    invitationCode,
    ...member,
    confirmPassword: member.password,
  });
  expect(signup.status).toBe(201);
  const auth = { authorization: `Bearer ${signup.json.accessToken as string}` };
  const me = await api(mer.url, 'GET', '/api/v1/identity/me', undefined, auth);
  return { id: me.json.id as string, auth };
}

/** Euro cents as the admin area shows them in en-US. */
const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

describe.skipIf(Boolean(unavailable) || !PHOTO_FIXTURES)('web: the admin area', () => {
  let mer: MerUnderTest;
  let browser: Browser;
  let author: CommunityMember;
  let reader: CommunityMember;
  let other: CommunityMember;

  beforeAll(async () => {
    mer = await startMer();
    browser = await launchBrowser();
    [author, reader, other] = [
      await paidMember(mer, 'alder'),
      await paidMember(mer, 'briar'),
      await paidMember(mer, 'cedar'),
    ];
    for (const m of [author, reader, other]) await waitUntilMayPost(mer, m);
    const admin = mer.admin!;
    const login = await api(mer.url, 'POST', '/api/v1/identity/sessions', {
      identifier: admin.email,
      password: admin.password,
    });
    expect(login.status).toBe(200);
    await completeOnboardingViaApi(mer, { authorization: `Bearer ${login.json.accessToken}` }, 'Guide');
  });
  afterAll(async () => {
    await browser?.close();
    await mer?.stop();
  });

  // Runs before the journey that ends all sessions: a token issued in the second of a revocation is refused.
  it("shows this month's money and memberships, a paying member's membership, and 'No membership' for one who never paid", async () => {
    const payer = newMember('linden');
    const { id: payerId, auth } = await signedUp(mer, payer, 20);
    const plans = await api(mer.url, 'GET', '/api/v1/billing/plans');
    const community = plans.json.plans.find((p: { name: string }) => p.name === 'Community Membership');
    const started = await api(mer.url, 'POST', '/api/v1/billing/checkouts', { planId: community.id }, auth);
    expect(started.status).toBe(201);
    const paid = await fetch(`${mer.url}${started.json.url as string}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const { id: unpaidId } = await signedUp(mer, newMember('hazel'));

    // What billing reports once the payer's payment is in (12.00 less 20% = 9.60 among this month's money).
    const login = await api(mer.url, 'POST', '/api/v1/identity/sessions', {
      identifier: mer.admin!.email,
      password: mer.admin!.password,
    });
    const adminAuth = { authorization: `Bearer ${login.json.accessToken as string}` };
    let report: any;
    await expect
      .poll(
        async () => {
          const payments = await api(
            mer.url,
            'GET',
            `/api/v1/billing/admin/members/${payerId}/membership`,
            undefined,
            adminAuth,
          );
          report = (await api(mer.url, 'GET', '/api/v1/billing/admin/revenue', undefined, adminAuth)).json;
          return payments.json?.payments?.[0]?.amountCents;
        },
        { timeout: 20_000 },
      )
      .toBe(960);
    const thisMonthReport = report.months.at(-1);
    const collected = thisMonthReport.revenue.find((m: { currency: string }) => m.currency === 'EUR');
    const mrr = report.current.monthlyRecurringRevenue.find(
      (m: { currency: string }) => m.currency === 'EUR',
    );

    const context = await newContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await logInViaForm(page, mer, mer.admin!.email, mer.admin!.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${mer.url}/admin`);

    // Overview: the figures as text, a bar per month, every month in the table.
    const revenue = page.getByRole('region', { name: 'Memberships and revenue' });
    await revenue.getByText('Active memberships').waitFor();
    await expect
      .poll(() => revenue.getByText('Active memberships').locator('..').innerText())
      .toContain(String(report.current.activeMemberships));
    expect(await revenue.getByText('Monthly recurring revenue').locator('..').innerText()).toContain(
      euros(mrr.amountCents),
    );
    expect(await revenue.getByText('Collected this month').locator('..').innerText()).toContain(
      euros(collected.amountCents),
    );
    const bars = revenue.getByRole('list', { name: 'Revenue per month in EUR' }).getByRole('listitem');
    expect(await bars.count()).toBe(12);
    expect(await bars.last().getAttribute('aria-label')).toContain(`: ${euros(collected.amountCents)}`);
    const thisMonth = revenue.getByRole('table').getByRole('row').nth(1);
    expect(await thisMonth.innerText()).toMatch(
      new RegExp(
        `${euros(collected.amountCents).replace('.', '\\.')}\\s+${thisMonthReport.newMemberships}\\s+${thisMonthReport.cancellations}\\s+${thisMonthReport.activeAtMonthEnd}`,
      ),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The paying member's page.
    await page.goto(`${mer.url}/admin/user-profile/${payerId}`);
    const membership = page.getByRole('region', { name: 'Membership' });
    await membership.getByText('Community Membership').waitFor();
    const text = await membership.innerText();
    expect(text).toContain('Active');
    expect(text).toContain('€12.00 a month');
    expect(text).toContain('20% off the first payment');
    expect(text).toMatch(/First payment\s+€9\.60/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A member who never paid.
    await page.goto(`${mer.url}/admin/user-profile/${unpaidId}`);
    await page.getByRole('region', { name: 'Membership' }).getByText('No membership').waitFor();
    await context.close();
  }, 120_000);

  // Runs before the journey that ends all sessions, for the same reason as the step above.
  it('a member reports a circle post, an event, a message and a circle discussion in the UI; the admin sees each with its context, hides the post (gone for members) and dismisses the discussion; the reporter reads the plain-words answer', async () => {
    const login = await api(mer.url, 'POST', '/api/v1/identity/sessions', {
      identifier: mer.admin!.email,
      password: mer.admin!.password,
    });
    const adminAuth = { authorization: `Bearer ${login.json.accessToken as string}` };
    const stamp = Date.now();

    // The author's circle (approved, the reporter joins it) with a post and a discussion, and an approved event.
    const circleName = `Crystal Grid ${stamp}`;
    const circleId = await createGathering(author, mer, '/circles', {
      name: circleName,
      description: '<p>Grids for every purpose.</p>',
      category: 'practice',
      joinPolicy: 'open',
    });
    expect(
      (await api(mer.url, 'PUT', `${EC}/review/circles/${circleId}`, { decision: 'approved' }, adminAuth))
        .status,
    ).toBe(200);
    expect(
      (await api(mer.url, 'POST', `${EC}/circles/${circleId}/membership`, undefined, reader.auth)).status,
    ).toBe(200);
    const postText = `Buy my grid course today ${stamp}`;
    const circlePost = await api(
      mer.url,
      'POST',
      `${EC}/circles/${circleId}/posts`,
      { content: `<p>${postText}</p>` },
      author.auth,
    );
    expect(circlePost.status).toBe(201);
    const discussionTitle = `Grids that heal everything ${stamp}`;
    const discussion = await api(
      mer.url,
      'POST',
      `${EC}/circles/${circleId}/discussions`,
      { title: discussionTitle, body: '<p>Trust me.</p>' },
      author.auth,
    );
    expect(discussion.status).toBe(201);
    const eventTitle = `Grid sale ${stamp}`;
    const eventId = await createGathering(author, mer, '/events', {
      title: eventTitle,
      description: '<p>Everything must go.</p>',
      category: 'healing',
      type: 'online',
      onlineUrl: 'https://meet.example.org/grid',
      timeZone: 'Europe/Lisbon',
      localStart: `${dateInDays(12)}T19:00`,
      localEnd: `${dateInDays(12)}T20:00`,
    });
    expect(
      (await api(mer.url, 'PUT', `${EC}/review/events/${eventId}`, { decision: 'approved' }, adminAuth))
        .status,
    ).toBe(200);

    // A message from the author to the reporter (connected first; messaging learns of both through events).
    const messageText = `Send me your card number ${stamp}`;
    let conversationId = '';
    const deadline = Date.now() + 30_000;
    for (;;) {
      const asked = await api(
        mer.url,
        'POST',
        '/api/v1/social-graph/connection-requests',
        { userId: reader.id },
        author.auth,
      );
      if (asked.status === 201)
        await api(
          mer.url,
          'POST',
          `/api/v1/social-graph/connection-requests/${asked.json.requestId as string}/accept`,
          undefined,
          reader.auth,
        );
      const started = await api(
        mer.url,
        'POST',
        '/api/v1/messaging/conversations',
        { memberId: reader.id },
        author.auth,
      );
      if (started.status === 200 || started.status === 201) {
        conversationId = started.json.id as string;
        const sent = await api(
          mer.url,
          'POST',
          `/api/v1/messaging/conversations/${conversationId}/messages`,
          { body: messageText },
          author.auth,
        );
        if (sent.status === 201) break;
      }
      if (Date.now() > deadline)
        throw new Error(`no conversation: ${started.status} ${JSON.stringify(started.json)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }

    // The reporter reports the four through the UI.
    const briar = await signedIn(browser, mer, reader.email, reader.password, `/circles/${circleId}/posts`);
    const { page } = briar;
    page.setDefaultTimeout(30_000);
    async function sendReport(button: ReturnType<Page['getByRole']>, dialogName: string) {
      await button.click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await waitForToast(page, 'Thank you for your report');
      await dialog.waitFor({ state: 'detached' });
    }
    const postArticle = page
      .getByRole('article', { name: `Post by ${author.name}` })
      .filter({ hasText: postText });
    await sendReport(postArticle.getByRole('button', { name: 'Report this post' }), 'Report this post');
    await page.goto(`${mer.url}/events/${eventId}`);
    await sendReport(page.getByRole('button', { name: 'Report this event' }), 'Report this event');
    await page.goto(`${mer.url}/messages/${conversationId}`);
    await sendReport(page.getByRole('button', { name: /^Report the message/ }).last(), 'Report this message');
    await page.goto(`${mer.url}/circles/${circleId}/discussions/${discussion.json.id as string}`);
    await sendReport(page.getByRole('button', { name: 'Report this discussion' }), 'Report this discussion');

    // The admin's queue shows each with what was reported (and the discussion's circle).
    const guide = await signedIn(browser, mer, mer.admin!.email, mer.admin!.password, '/admin/moderation');
    const items = guide.page.getByRole('list', { name: 'Reported items' }).getByRole('listitem');
    const postItem = items.filter({ hasText: postText });
    const eventItem = items.filter({ hasText: eventTitle });
    const messageItem = items.filter({ hasText: messageText });
    const discussionItem = items.filter({ hasText: discussionTitle });
    for (const item of [postItem, eventItem, messageItem, discussionItem])
      await item.first().waitFor({ timeout: 30_000 });
    expect(await postItem.first().innerText()).toMatch(/circle post/i);
    expect(await messageItem.first().innerText()).toContain('from Messages');
    expect(await discussionItem.first().innerText()).toContain(`in the circle “${circleName}”`);
    expect(await seriousA11yViolations(guide.page)).toEqual([]);

    // Hide the circle post: the reporter's circle no longer shows it.
    await postItem.first().getByRole('button', { name: 'Hide' }).click();
    await guide.page
      .getByRole('dialog', { name: 'Hide this circle post?' })
      .getByRole('button', { name: 'Hide' })
      .click();
    await waitForToast(guide.page, 'Content hidden');
    // Dismiss the discussion's report: it stays for members.
    await discussionItem.first().getByRole('button', { name: 'Dismiss' }).click();
    await waitForToast(guide.page, 'Report dismissed');
    await expect
      .poll(
        async () => {
          const seen = await api(mer.url, 'GET', `${EC}/circles/${circleId}/posts`, undefined, reader.auth);
          return seen.json.posts.some((p: { content: string }) => p.content.includes(postText));
        },
        { timeout: 20_000 },
      )
      .toBe(false);
    await page.goto(`${mer.url}/circles/${circleId}/posts`);
    await page
      .getByRole('list', { name: 'Circle posts' })
      .or(page.getByText('No posts in this circle yet.'))
      .first()
      .waitFor();
    expect(await page.getByText(postText).count()).toBe(0);
    const stillThere = await api(
      mer.url,
      'GET',
      `${EC}/circles/${circleId}/discussions/${discussion.json.id as string}`,
      undefined,
      reader.auth,
    );
    expect(stillThere.status).toBe(200);

    // The reporter reads the decisions in plain words.
    await page.goto(`${mer.url}/notifications`);
    await page
      .getByText(
        'Thank you for your report. We reviewed the circle post you reported and hid it from the community.',
      )
      .first()
      .waitFor({ timeout: 30_000 });
    await page
      .getByText(
        'Thank you for your report. We reviewed the discussion you reported and found that it does not break our community guidelines.',
      )
      .first()
      .waitFor({ timeout: 30_000 });

    await briar.context.close();
    await guide.context.close();
  }, 180_000);

  it('reports reach the queue; the admin hides the post and it leaves the open feed live; a script in a post is logged live and resolved; grants a member users_update; approves a circle and rejects an event with a reason; ending all sessions signs the open tab out', async () => {
    const text = `Buy cheap crystals now ${Date.now()}`;
    const postId = await post(author, mer, text);

    const briar = await signedIn(browser, mer, reader.email, reader.password, '/community');
    await postCard(briar.page, text).waitFor();

    const admin = mer.admin!;
    const guide = await signedIn(browser, mer, admin.email, admin.password, '/admin/moderation');
    await guide.page.getByRole('heading', { name: 'Moderation queue' }).waitFor();

    // Two members report it (below the auto-hide threshold): the queue refreshes live.
    await report(reader, mer, postId);
    await report(other, mer, postId);
    const item = guide.page.getByRole('list', { name: 'Reported items' }).getByRole('listitem').filter({
      hasText: '2 reports',
    });
    await item.first().waitFor({ timeout: 20_000 });

    await item.first().getByRole('button', { name: 'Hide' }).click();
    const dialog = guide.page.getByRole('dialog', { name: 'Hide this post?' });
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await waitForToast(guide.page, 'Content hidden');
    // The member's open feed drops it without a reload.
    await postCard(briar.page, text).waitFor({ state: 'detached', timeout: 20_000 });

    // A script in a post: the sanitiser strips it and the admin's open security log shows it live.
    await guide.page.getByRole('link', { name: 'Security' }).click();
    await guide.page.getByRole('heading', { name: 'Security events' }).waitFor();
    await post(author, mer, `Hello <script>window.pwned = 1</script> friends ${Date.now()}`);
    const events = guide.page.getByRole('list', { name: 'Security events' });
    const scriptEvent = events.getByRole('listitem').filter({ hasText: 'community-feed' }).first();
    await scriptEvent.waitFor({ timeout: 20_000 });
    await scriptEvent.getByRole('button', { name: 'Resolve' }).click();
    await waitForToast(guide.page, 'Event resolved');

    // Members: the admin finds a member by searching on the server and grants them users_update after confirming;
    // identity then answers for their permissions with it.
    await guide.page.getByRole('link', { name: 'Members' }).click();
    await guide.page.getByLabel('Search by name, username or e-mail').fill(other.username);
    await guide.page.getByRole('button', { name: 'Search members' }).click();
    await guide.page.getByRole('table', { name: 'Members' }).getByRole('link', { name: other.name }).click();
    await guide.page.getByRole('button', { name: 'Grant users_update' }).click();
    await guide.page
      .getByRole('dialog', { name: 'Grant users_update?' })
      .getByRole('button', { name: 'Grant' })
      .click();
    await waitForToast(guide.page, 'Granted users_update');
    const granted = await api(
      mer.url,
      'GET',
      `/api/v1/identity/users/${other.id}/permissions`,
      undefined,
      other.auth,
    );
    expect(granted.json.permissions).toContain('users_update');

    // Approvals: a member creates a circle and an event (both wait for approval); the admin approves the circle
    // and rejects the event, which asks for the reason first.
    const circleName = `Dawn Sitters ${Date.now()}`;
    const circleId = await createGathering(author, mer, '/circles', {
      name: circleName,
      description: '<p>We sit together at dawn.</p>',
      category: 'practice',
      joinPolicy: 'open',
    });
    const eventTitle = `Moon breathwork ${Date.now()}`;
    const eventId = await createGathering(author, mer, '/events', {
      title: eventTitle,
      description: '<p>Breathe with the full moon.</p>',
      category: 'healing',
      type: 'online',
      onlineUrl: 'https://meet.example.org/moon',
      timeZone: 'Europe/Lisbon',
      localStart: `${dateInDays(10)}T19:00`,
      localEnd: `${dateInDays(10)}T21:00`,
    });
    await guide.page.goto(`${mer.url}/admin/approvals`);
    const circleItem = guide.page
      .getByRole('list', { name: 'Circles waiting for approval' })
      .getByRole('listitem')
      .filter({ hasText: circleName });
    await circleItem.getByRole('button', { name: 'Approve' }).click();
    await waitForToast(guide.page, 'Circle approved');
    await circleItem.waitFor({ state: 'detached' });
    const eventItem = guide.page
      .getByRole('list', { name: 'Events waiting for approval' })
      .getByRole('listitem')
      .filter({ hasText: eventTitle });
    await eventItem.getByText(`${dateInDays(10)} 19:00–21:00 (Europe/Lisbon)`).waitFor();
    await eventItem.getByRole('button', { name: 'Reject' }).click();
    const rejectDialog = guide.page.getByRole('dialog', { name: `Reject “${eventTitle}”?` });
    await rejectDialog.getByRole('button', { name: 'Reject' }).click();
    await rejectDialog.getByText('Give the reason for rejecting the event.').waitFor();
    const reason = 'Please add who leads the breathwork';
    await rejectDialog.getByLabel('Reason').fill(reason);
    await rejectDialog.getByRole('button', { name: 'Reject' }).click();
    await waitForToast(guide.page, 'Event rejected');
    await eventItem.waitFor({ state: 'detached' });
    // The circle is now listed to members; the event's host reads the reason.
    const listed = await api(mer.url, 'GET', `${EC}/circles?view=new`, undefined, reader.auth);
    expect(listed.json.circles.map((c: { id: string }) => c.id)).toContain(circleId);
    const rejected = await api(mer.url, 'GET', `${EC}/events/${eventId}`, undefined, author.auth);
    expect(rejected.json.approvalStatus).toBe('rejected');
    expect(rejected.json.rejectionReason).toBe(reason);

    // End all sessions: the member's open tab is signed out at once (the shell's 'Session Invalid' screen, whose
    // button leads to /login).
    await guide.page.goto(`${mer.url}/session-manager`);
    await guide.page.getByRole('button', { name: 'End all sessions' }).click();
    await guide.page
      .getByRole('dialog', { name: 'End all sessions?' })
      .getByRole('button', { name: 'End all sessions' })
      .click();
    await waitForToast(guide.page, 'Sessions Ended');
    await briar.page.getByRole('heading', { name: 'Session Invalid' }).waitFor({ timeout: 20_000 });
    await briar.page.getByRole('button', { name: 'Go to Login' }).click();
    await waitForPath(briar.page, /^\/login/);

    await briar.context.close();
    await guide.context.close();
  }, 180_000);
});
