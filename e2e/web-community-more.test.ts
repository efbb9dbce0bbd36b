/// <reference lib="dom" />
/**
 * The community remote's last gaps (issue 15), in the browser: a member sees the photo they shared on the Photos
 * tab of /my-profile; a member starts a discussion from /community and lands on it; an admin pins a post from the
 * post menu and it shows first, marked "Pinned". One member and the bootstrap admin (onboarded through the API so
 * the guard shows them the member pages). Run: node --import tsx frontends/build/build-all.ts, then
 * npx vitest run --config e2e/vitest.config.ts e2e/web-community-more.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  FEED,
  fixtureBytes,
  paidMember,
  waitUntilMayPost,
  type CommunityMember,
} from './support/community.ts';
import { PHOTO_FIXTURES } from './support/fixtures.ts';
import { completeOnboardingViaApi, logInViaForm } from './support/members.ts';
import {
  api,
  browserTestsUnavailable,
  launchBrowser,
  newContext,
  seriousA11yViolations,
  startMer,
  waitForPath,
  waitForToast,
  type MerUnderTest,
} from './support/web.ts';

const unavailable = browserTestsUnavailable();
if (unavailable) console.warn(`[web e2e] skipped: ${unavailable}`);

async function signedIn(browser: Browser, mer: MerUnderTest, email: string, password: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await logInViaForm(page, mer, email, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(`${mer.url}/community`);
  await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
  return { context, page };
}

async function post(member: CommunityMember, mer: MerUnderTest, content: string, photoIds: string[] = []) {
  const created = await api(
    mer.url,
    'POST',
    `${FEED}/posts`,
    { content, topic: 'general', photoIds },
    member.auth,
  );
  expect(created.status).toBe(201);
  return created.json.id as string;
}

describe.skipIf(Boolean(unavailable) || !PHOTO_FIXTURES)(
  'web: my photos, starting a discussion, pinning',
  () => {
    let mer: MerUnderTest;
    let browser: Browser;
    let a: CommunityMember;

    beforeAll(async () => {
      mer = await startMer();
      browser = await launchBrowser();
      a = await paidMember(mer, 'aspen');
      await waitUntilMayPost(mer, a);
    });
    afterAll(async () => {
      await browser?.close();
      await mer?.stop();
    });

    it('the member sees their photo on the Photos tab of /my-profile and starts a discussion', async () => {
      const uploaded = await fetch(`${mer.url}${FEED}/photos`, {
        method: 'POST',
        headers: { ...a.auth, 'content-type': 'image/png' },
        body: new Uint8Array(await fixtureBytes('coffee.png')),
      });
      expect(uploaded.status).toBe(201);
      const { photoId } = (await uploaded.json()) as { photoId: string };
      await post(a, mer, `Tea by the window ${Date.now()}`, [photoId]);

      const aspen = await signedIn(browser, mer, a.email, a.password);
      await aspen.page.goto(`${mer.url}/my-profile`);
      await aspen.page.getByRole('tab', { name: 'Photos' }).click();
      await aspen.page.getByRole('button', { name: 'Open photo 1 of 1' }).waitFor();
      expect(await seriousA11yViolations(aspen.page)).toEqual([]);
      await aspen.page.getByRole('button', { name: 'Open photo 1 of 1' }).click();
      const lightbox = aspen.page.getByRole('dialog', { name: 'Photo 1 of 1' });
      expect(await lightbox.locator('img').getAttribute('src')).toContain(photoId);
      expect(new URL(aspen.page.url()).searchParams.get('photo')).toBe(photoId);
      await aspen.page.keyboard.press('Escape');

      const title = `Silent retreats near Lisbon ${Date.now()}`;
      await aspen.page.goto(`${mer.url}/community`);
      await aspen.page.getByRole('button', { name: 'Start a discussion' }).waitFor();
      // The feed page with its composer and the member's post: no serious accessibility violations.
      expect(await seriousA11yViolations(aspen.page)).toEqual([]);
      await aspen.page.getByRole('button', { name: 'Start a discussion' }).click();
      await aspen.page.getByRole('textbox', { name: /Title/ }).fill(title);
      await aspen.page
        .getByRole('textbox', { name: 'What would you like to discuss?' })
        .fill('Has anyone been to one? <script>window.pwned = 1</script>');
      await aspen.page.getByRole('button', { name: 'Start discussion' }).click();
      await waitForPath(aspen.page, /^\/discussions\/[0-9a-f-]{36}$/);
      await aspen.page.getByRole('heading', { level: 1, name: title }).waitFor();
      await aspen.page.getByText('Has anyone been to one?').waitFor();
      expect(await seriousA11yViolations(aspen.page)).toEqual([]);
      expect(await aspen.page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
      await aspen.context.close();
    });

    it('an admin pins a post from the menu; it shows first, marked "Pinned"', async () => {
      const admin = mer.admin!;
      const login = await api(mer.url, 'POST', '/api/v1/identity/sessions', {
        identifier: admin.email,
        password: admin.password,
      });
      expect(login.status).toBe(200);
      await completeOnboardingViaApi(mer, { authorization: `Bearer ${login.json.accessToken}` }, 'Guide');

      const older = `An older thought ${Date.now()}`;
      await post(a, mer, older);
      await post(a, mer, `A newer thought ${Date.now()}`);

      const guide = await signedIn(browser, mer, admin.email, admin.password);
      const olderPost = guide.page.getByTestId('post').filter({ hasText: older });
      await olderPost.getByRole('button', { name: /Post options/ }).click();
      await guide.page.getByRole('menuitem', { name: 'Pin', exact: true }).click();
      await waitForToast(guide.page, 'Post pinned');
      const first = guide.page.getByTestId('post').first();
      await first.filter({ hasText: older }).waitFor();
      await first.getByText('Pinned', { exact: true }).waitFor();
      await guide.context.close();
    });
  },
);
