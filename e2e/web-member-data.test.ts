/// <reference lib="dom" />
/**
 * Browser journeys of issue 13 items 13 and 17: a member downloads "Download my data" from Settings → Account and
 * the file parses as JSON with every service's part; a failing part gives a clear error and no file; and the
 * expected absences (no onboarding draft yet, no chart) no longer make the browser log errors. Run: build the
 * front ends, then npx vitest run --config e2e/vitest.config.ts e2e/web-member-data.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { memberDataExportParts } from '@mer/contracts';
import { PHOTO_FIXTURES } from './support/fixtures.ts';
import { logInViaForm, onboardedMember } from './support/members.ts';
import {
  api,
  browserTestsUnavailable,
  launchBrowser,
  newContext,
  newMember,
  signUpViaApi,
  startMer,
  waitForPath,
  type MerUnderTest,
} from './support/web.ts';

const unavailable = browserTestsUnavailable();
if (unavailable) console.warn(`[web e2e] skipped: ${unavailable}`);

/** Every console message of type error the page logs from now on (a 404 answer is logged as one). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  return errors;
}

async function userIdOf(mer: MerUnderTest, auth: Record<string, string>): Promise<string> {
  const me = await api(mer.url, 'GET', '/api/v1/identity/me', undefined, auth);
  expect(me.status).toBe(200);
  return me.json.id as string;
}

/** A paid membership through billing's TEST PAYMENT checkout, confirmed through its webhook. */
async function payForMembership(page: Page, mer: MerUnderTest, email: string, password: string) {
  const session = await api(mer.url, 'POST', '/api/v1/identity/sessions', { identifier: email, password });
  const auth = { authorization: `Bearer ${session.json.accessToken}` };
  const plans = await api(mer.url, 'GET', '/api/v1/billing/plans');
  const checkout = await api(
    mer.url,
    'POST',
    '/api/v1/billing/checkouts',
    { planId: plans.json.plans[0].id },
    auth,
  );
  expect(checkout.status).toBe(201);
  await page.goto(new URL(checkout.json.url, mer.url).toString());
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForLoadState('load');
  const deadline = Date.now() + 15_000;
  while (
    (await api(mer.url, 'GET', '/api/v1/billing/memberships/me', undefined, auth)).json?.subscribed !== true
  ) {
    if (Date.now() > deadline) throw new Error('No active membership');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(Boolean(unavailable) || !PHOTO_FIXTURES)(
  'web: Download my data, and no errors for expected absences',
  () => {
    let mer: MerUnderTest;
    let browser: Browser;

    beforeAll(async () => {
      mer = await startMer();
      browser = await launchBrowser();
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await mer?.stop();
    });

    it('downloads one JSON file with every part from Settings → Account', async () => {
      const member = await onboardedMember(mer, 'aspen');
      const memberId = await userIdOf(mer, member.auth);
      const context = await newContext(browser);
      const page = await context.newPage();
      const errors = consoleErrors(page);
      await logInViaForm(page, mer, member.email, member.password);
      await waitForPath(page, '/community');
      await page.goto(`${mer.url}/settings#account`);
      const section = page.locator('section#account');
      const button = section.getByRole('button', { name: 'Download my data' });
      await button.waitFor();

      const download = page.waitForEvent('download');
      await button.click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^mer-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
      await section.getByText('Your data is downloaded').waitFor();

      expect(Object.keys(data.parts)).toEqual(memberDataExportParts.map((p) => p.service));
      for (const part of memberDataExportParts) {
        expect(data.parts[part.service]).toMatchObject({ service: part.service, version: 1 });
        expect(data.about.parts[part.service]).toBe(part.about);
      }
      expect(typeof data.about.file).toBe('string');
      expect(data.parts.identity.data.account).toMatchObject({ id: memberId, email: member.email });
      expect(data.parts['profile-onboarding'].data.profile).toMatchObject({
        userId: memberId,
        name: member.name,
      });
      expect(data.parts['profile-onboarding'].data.photos).toHaveLength(1);
      expect(data.parts['notifications-email'].data.emails.length).toBeGreaterThan(0);
      expect(JSON.stringify(data)).not.toContain(member.password);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('tells the member which part failed and saves no file', async () => {
      const member = await onboardedMember(mer, 'rowan');
      const context = await newContext(browser);
      const page = await context.newPage();
      await logInViaForm(page, mer, member.email, member.password);
      await waitForPath(page, '/community');
      await page.goto(`${mer.url}/settings#account`);
      await page.route('**/api/v1/billing/me/export', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            error: {
              code: 'service_unavailable',
              title: 'Service Unavailable',
              message: 'Billing is resting.',
            },
          }),
        }),
      );
      let downloads = 0;
      page.on('download', () => void (downloads += 1));
      const section = page.locator('section#account');
      await section.getByRole('button', { name: 'Download my data' }).click();
      const alert = section.getByRole('alert');
      await alert.getByText('Download failed').waitFor();
      expect(await alert.textContent()).toMatch(/membership and payment data.*No file was saved/);
      expect(downloads).toBe(0);
      await context.close();
    });

    it('opens the wizard fresh and profiles without a chart with no console error', async () => {
      // A paid member with nothing saved yet: the wizard asks for the draft and gets "none yet".
      const fresh = newMember('hazel');
      await signUpViaApi(mer, fresh);
      const context = await newContext(browser);
      const payment = await context.newPage();
      await payForMembership(payment, mer, fresh.email, fresh.password);
      await payment.close();
      const page = await context.newPage();
      const errors = consoleErrors(page);
      const draftAnswer = page.waitForResponse(
        (r) => r.url().endsWith('/onboarding/draft') && r.request().method() === 'GET',
      );
      await logInViaForm(page, mer, fresh.email, fresh.password);
      await waitForPath(page, '/onboarding');
      await page.getByRole('heading', { name: 'Complete Your Profile' }).waitFor();
      const draft = await draftAnswer;
      expect(draft.status()).toBe(200);
      expect(await draft.json()).toBeNull();
      expect(errors).toEqual([]);
      await context.close();

      // Members without a chart (and who share none): their own profile page and another's.
      const viewer = await onboardedMember(mer, 'cedar');
      const other = await onboardedMember(mer, 'birch');
      const otherId = await userIdOf(mer, other.auth);
      const second = await newContext(browser);
      const profilePage = await second.newPage();
      const profileErrors = consoleErrors(profilePage);
      await logInViaForm(profilePage, mer, viewer.email, viewer.password);
      await waitForPath(profilePage, '/community');
      const ownChart = profilePage.waitForResponse((r) => r.url().endsWith('/charts/me'));
      await profilePage.goto(`${mer.url}/my-profile`);
      expect((await ownChart).status()).toBe(200);
      await profilePage.getByRole('heading', { name: viewer.name }).first().waitFor();
      const theirChart = profilePage.waitForResponse((r) => r.url().endsWith(`/profiles/${otherId}/chart`));
      await profilePage.goto(`${mer.url}/profile/${otherId}`);
      expect((await theirChart).status()).toBe(200);
      await profilePage.getByRole('heading', { name: other.name }).first().waitFor();
      // Let late requests settle before reading the log.
      await profilePage.waitForLoadState('networkidle');
      expect(profileErrors).toEqual([]);
      await second.close();
    });
  },
);
