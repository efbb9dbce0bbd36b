/// <reference lib="dom" />
/**
 * Browser journey of the notifications (issue 18): A has the feed open. B sends A a connection request and a
 * message, and B and two other members react to A's post. A's bell counts them live (over /ws, no reload); the
 * popover shows the three, the reactions as one aggregated item, and marks them read 2 s after it shows them;
 * on a phone-sized screen the bell opens the drawer, grouped under Connection Requests, Messages and Other;
 * each item goes to its click target (spec 001 section 2's table). Accessibility like the other journeys.
 *
 * Run: node --import tsx frontends/build/build-all.ts && npx vitest run --config e2e/vitest.config.ts
 *
 * Web push: the member allows push on this device in Settings; a test push and B's message reach MER's service
 * worker, which shows them as system notifications with their click targets. The browser vendor's push service
 * cannot be reached here: a fake speaking the Web Push protocol (e2e/support/push-service.ts) takes MER's encrypted
 * POSTs, decrypts them as a browser does, and hands them to the page's service worker through DevTools (the way
 * Chromium's own push service would); PushManager.subscribe answers with that fake's endpoint and keys.
 * e2e/web-notifications.test.ts (MER_E2E_SHOTS=<dir> keeps screenshots).
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHOTO_FIXTURES } from './support/fixtures.ts';
import { FakePushService } from './support/push-service.ts';
import { FEED, paidMember, waitUntilMayPost, type CommunityMember } from './support/community.ts';
import { logInViaForm } from './support/members.ts';
import {
  api,
  browserTestsUnavailable,
  launchBrowser,
  newContext,
  seriousA11yViolations,
  startMer,
  waitForPath,
  type MerUnderTest,
} from './support/web.ts';

const unavailable = browserTestsUnavailable();
if (unavailable) console.warn(`[web e2e] skipped: ${unavailable}`);

const NOTIFICATIONS = '/api/v1/notifications-email/notifications';
const EMAIL_PREFERENCES = '/api/v1/notifications-email/email-preferences';
const SHOTS = process.env.MER_E2E_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Repeats an API call until it answers `status` (services learn about new members from each other's events). */
async function until(
  what: string,
  attempt: () => Promise<{ status: number; json: any }>,
  status: number,
): Promise<any> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await attempt();
    if (answer.status === status) return answer.json;
    if (Date.now() > deadline) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe.skipIf(Boolean(unavailable) || !PHOTO_FIXTURES)('web: notifications', () => {
  let mer: MerUnderTest;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mer = await startMer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await mer?.stop();
  });

  it("A's bell counts a request, a message and three reactions live; popover, drawer and click targets", async () => {
    const [a, b, c, d] = (await Promise.all(
      ['alma', 'bruno', 'carla', 'dario'].map((prefix) => paidMember(mer, prefix)),
    )) as [CommunityMember, CommunityMember, CommunityMember, CommunityMember];
    await waitUntilMayPost(mer, a);
    const post = await api(
      mer.url,
      'POST',
      `${FEED}/posts`,
      { content: 'Morning sit by the river, anyone?', topic: 'general' },
      a.auth,
    );
    expect(post.status).toBe(201);
    const postId = post.json.id as string;

    // A waits on the feed: everything below must reach the bell without a reload.
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await logInViaForm(page, mer, a.email, a.password);
    await waitForPath(page, '/community');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    // B asks to connect (once social-graph knows both members and B's membership).
    const askedAt = Date.now();
    await until(
      'B sends A a connection request',
      () => api(mer.url, 'POST', '/api/v1/social-graph/connection-requests', { userId: a.id }, b.auth),
      201,
    );
    // Stored by notifications-email from social-graph's event, then pushed over /ws (the 30 s poll is the fallback).
    const stored = await until(
      'the request notification is stored',
      async () => {
        const list = await api(mer.url, 'GET', `${NOTIFICATIONS}?limit=10`, undefined, a.auth);
        return { status: list.json?.notifications?.length === 1 ? 200 : 404, json: list.json };
      },
      200,
    );
    const storedMs = Date.now() - askedAt;
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 15_000 });
    console.log(
      `[web-notifications] request stored ${storedMs} ms and on A's bell ${Date.now() - askedAt} ms after B's call`,
    );
    expect(stored.notifications[0].type).toBe('connection_request');
    expect(await page.getByTestId('notification-badge').textContent()).toBe('1');

    // B writes to A.
    const conversation = await until(
      'B opens a conversation with A',
      () => api(mer.url, 'POST', '/api/v1/messaging/conversations', { memberId: a.id }, b.auth),
      201,
    );
    const sent = await api(
      mer.url,
      'POST',
      `/api/v1/messaging/conversations/${conversation.id}/messages`,
      { body: 'Hello Alma, lovely to find you here.' },
      b.auth,
    );
    expect(sent.status).toBe(201);

    // B, C and D react to A's post, in that order: one aggregated notification, D the last reactor.
    for (const [member, type] of [
      [b, 'love'],
      [c, 'namaste'],
      [d, 'support'],
    ] as Array<[CommunityMember, string]>) {
      const reacted = await api(
        mer.url,
        'PUT',
        `${FEED}/posts/${postId}/reactions/me`,
        { type },
        member.auth,
      );
      expect(reacted.status).toBe(200);
    }

    // Request, message and one aggregated reaction: 3 unread, counted live.
    await page.getByRole('button', { name: 'Notifications, 3 unread' }).waitFor({ timeout: 15_000 });
    const listed = await api(mer.url, 'GET', `${NOTIFICATIONS}?limit=10`, undefined, a.auth);
    expect(listed.json.notifications.map((n: { type: string }) => n.type).sort()).toEqual(
      ['aggregated_reaction', 'connection_request', 'message'].sort(),
    );

    // The popover: the three, the reactions as "D and 2 others reacted to your post".
    await page.getByRole('button', { name: 'Notifications, 3 unread' }).click();
    const popover = page.getByRole('region', { name: 'Notifications' });
    const items = popover.getByTestId('notification-item');
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(3);
    await popover.getByText(`${d.name} and 2 others reacted to your post`).waitFor();
    await popover.getByRole('link', { name: 'View all notifications' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'bell-popover-1280');
    // 2 s after it showed them, they are read: the badge goes, and the service says so.
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: 6_000 });
    await expect.poll(() => popover.locator('[data-read="false"]').count()).toBe(0);
    const unread = await api(mer.url, 'GET', `${NOTIFICATIONS}/unread-count`, undefined, a.auth);
    expect(unread.json.unreadCount).toBe(0);
    await page.keyboard.press('Escape');

    // On a phone-sized screen the bell opens the drawer, grouped.
    await page.setViewportSize({ width: 390, height: 844 });
    const openDrawer = async () => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const drawer = page.getByRole('dialog', { name: 'Notifications' });
      await drawer.getByTestId('notification-item').first().waitFor();
      return drawer;
    };
    let drawer = await openDrawer();
    expect(await drawer.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Connection Requests',
      'Messages',
      'Other',
    ]);
    const group = (name: string) => drawer.getByRole('region', { name });
    await group('Connection Requests').getByTestId('notification-item').waitFor();
    await group('Messages').getByTestId('notification-item').waitFor();
    await group('Other').getByText(`${d.name} and 2 others reacted to your post`).waitFor();
    await shot(page, 'bell-drawer-390');

    // Each click goes to its target.
    await group('Connection Requests').getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/connections' && url.search === '?tab=requests');
    drawer = await openDrawer();
    await group('Messages').getByRole('link').click();
    await waitForPath(page, `/messages/${conversation.id}`);
    // A phone hides the navigation on a conversation view (spec 001 section 2): back to the connections page.
    await page.goBack();
    await waitForPath(page, '/connections');
    drawer = await openDrawer();
    await group('Other').getByRole('link').click();
    await waitForPath(page, `/community/post/${postId}`);

    // /notifications lists them all, with the filters.
    await page.goto(`${mer.url}/notifications?type=message`);
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const messages = page.getByRole('list', { name: 'Notifications: Messages' });
    await messages.getByTestId('notification-item').waitFor();
    expect(await messages.getByTestId('notification-item').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'notifications-390');

    // Settings → E-mail: quiet hours in A's time zone, kept by notifications-email.
    await page.goto(`${mer.url}/settings#email`);
    const email = page.getByRole('region', { name: 'E-mail' });
    await email.getByRole('switch', { name: 'Quiet hours' }).check();
    await email.getByLabel('Start').fill('21:30');
    await email.getByRole('combobox', { name: 'Time zone' }).selectOption('Europe/Lisbon');
    await expect
      .poll(async () => (await api(mer.url, 'GET', EMAIL_PREFERENCES, undefined, a.auth)).json, {
        timeout: 10_000,
      })
      .toMatchObject({ quietHoursEnabled: true, quietHoursStart: '21:30', timeZone: 'Europe/Lisbon' });
    // Push: this browser has no service worker running (the tests block them), so the device is off.
    await page
      .getByRole('region', { name: 'Push' })
      .getByText('Push notifications are off for this device.')
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    if (SHOTS) await email.screenshot({ path: `${SHOTS}/settings-email-390.png` });
  });
  it(
    'web push: allowed in Settings, a test push and a message push show as system notifications',
    // One retry: in one full run (of 4 runs) the push reached the service worker (the fake's POST answered 201
    // after DevTools delivered it) but getNotifications() stayed empty for 15 s; alone it passed every time. The
    // failure message now names the registrations and payloads, to find the cause; a real break fails twice.
    { timeout: 240_000, retry: 1 },
    async () => {
      const [a, b] = (await Promise.all(['amara', 'basil'].map((prefix) => paidMember(mer, prefix)))) as [
        CommunityMember,
        CommunityMember,
      ];
      const started = Date.now();
      const step = (what: string) =>
        console.log(`[web-push] ${((Date.now() - started) / 1000).toFixed(1)} s ${what}`);
      step('members ready');
      const pushService = new FakePushService();
      await pushService.start();
      try {
        const context = await newContext(browser, { serviceWorkers: 'allow' });
        contexts.push(context);
        await context.grantPermissions(['notifications'], { origin: mer.url });
        // The device's subscription is the fake push service's (the vendor's service is out of reach here).
        await context.addInitScript((subscription) => {
          const made = () => ({
            ...subscription,
            toJSON: () => subscription,
            unsubscribe: async () => {
              localStorage.removeItem('test:push-subscribed');
              return true;
            },
          });
          PushManager.prototype.subscribe = async function () {
            localStorage.setItem('test:push-subscribed', '1');
            return made() as unknown as PushSubscription;
          };
          PushManager.prototype.getSubscription = async function () {
            return (localStorage.getItem('test:push-subscribed') ? made() : null) as PushSubscription | null;
          };
        }, pushService.subscription());

        const page = await context.newPage();
        page.on('pageerror', (error) => console.log(`[web-push] page error: ${error.message}`));
        await logInViaForm(page, mer, a.email, a.password).catch(async (error: unknown) => {
          console.log(
            `[web-push] sign-in page showed: ${(await page.locator('body').innerText()).slice(0, 500)}`,
          );
          throw error;
        });
        await waitForPath(page, '/community');

        // DevTools hands each decrypted push to MER's service worker, as the browser's push service would.
        const cdp = await context.newCDPSession(page);
        const registrations = new Map<string, string>();
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
          for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
        });
        await cdp.send('ServiceWorker.enable');
        pushService.onPush = async (data) => {
          const registrationId = registrations.get(`${mer.url}/`);
          if (!registrationId) throw new Error('no service worker registered for MER');
          await cdp.send('ServiceWorker.deliverPushMessage', { origin: mer.url, registrationId, data });
        };
        const shown = () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              url: (n.data as { url?: string } | null)?.url ?? null,
            }));
          });

        step('signed in, DevTools attached');
        await page.goto(`${mer.url}/settings#push`);
        const push = page.getByRole('region', { name: 'Push' });
        await push.getByRole('button', { name: 'Allow on this device' }).click();
        await push.getByText('Push notifications are on for this device.').waitFor({ timeout: 20_000 });
        step('push allowed on this device');
        await push.getByRole('button', { name: 'Send a test push' }).click();
        await page.getByText('Sent to 1 device.').waitFor({ timeout: 15_000 });
        await expect
          .poll(shown, {
            timeout: 15_000,
            message: `no notification shown; registrations ${JSON.stringify([...registrations])}, payloads ${JSON.stringify(pushService.payloads)}`,
          })
          .toHaveLength(1);

        step('test push shown');
        // B writes to A: pushed to A's device with the conversation as its click target.
        const conversation = await until(
          'B opens a conversation with A',
          () => api(mer.url, 'POST', '/api/v1/messaging/conversations', { memberId: a.id }, b.auth),
          201,
        );
        const sent = await api(
          mer.url,
          'POST',
          `/api/v1/messaging/conversations/${conversation.id}/messages`,
          { body: 'A quiet hello from the hills.' },
          b.auth,
        );
        expect(sent.status).toBe(201);
        await expect
          .poll(async () => (await shown()).some((n) => n.url?.endsWith(`/messages/${conversation.id}`)), {
            timeout: 20_000,
          })
          .toBe(true);
        expect(pushService.payloads).toHaveLength(2);

        step('message push shown');
        // Turning push off forgets this device: a further message is not pushed.
        await push.getByRole('button', { name: 'Turn off on this device' }).click();
        await push.getByText('Push notifications are off for this device.').waitFor();
        await api(
          mer.url,
          'POST',
          `/api/v1/messaging/conversations/${conversation.id}/messages`,
          { body: 'Are you there?' },
          b.auth,
        );
        await new Promise((r) => setTimeout(r, 2_000));
        expect(pushService.payloads).toHaveLength(2);
      } finally {
        await pushService.close();
      }
    },
  );
});
