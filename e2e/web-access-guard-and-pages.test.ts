/// <reference lib="dom" />
/**
 * Browser journeys of issue 13's access fixes: the admin reaches the admin area and Account Settings without
 * paying or onboarding, sign-out leaves no next-login destination, a completed member cannot reopen onboarding,
 * the install offer never covers the primary action, the legal pages, one message per outcome, page titles and the
 * inline password mismatch. Run: npm run build:web && npx vitest run --config e2e/vitest.config.ts
 * e2e/web-access-guard-and-pages.test.ts
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  browserTestsUnavailable,
  createInvitationCode,
  launchBrowser,
  newContext,
  newMember,
  signUpViaApi,
  startMer,
  waitForPath,
  waitForToast,
  type MerUnderTest,
} from './support/web.ts';
import { logInViaForm, onboardedMember } from './support/members.ts';

const unavailable = browserTestsUnavailable();
if (unavailable) console.warn(`[web e2e] skipped: ${unavailable}`);

/** Screenshots of the layouts checked here, to look at (MER_E2E_SHOTS=<dir>). */
const SHOTS = process.env.MER_E2E_SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const WIDE = { viewport: { width: 1440, height: 900 } } as const;

const fakeInstallEvent = `(() => {
  const e = new Event('beforeinstallprompt', { cancelable: true });
  e.prompt = async () => { window.__promptShown = true; };
  e.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
  window.dispatchEvent(e);
})()`;

/** Whether two elements' boxes overlap on screen. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [ra, rb] = [await a.boundingBox(), await b.boundingBox()];
  if (!ra || !rb) return false;
  return (
    ra.x < rb.x + rb.width && rb.x < ra.x + ra.width && ra.y < rb.y + rb.height && rb.y < ra.y + ra.height
  );
}

/** The element a tap at the centre of `target` lands on is `target` (or inside it): nothing lies over it. */
async function reachable(page: Page, target: Locator): Promise<boolean> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) return false;
  const handle = await target.elementHandle();
  return page.evaluate(
    ([x, y, el]) => {
      const hit = document.elementFromPoint(x as number, y as number);
      return Boolean(hit && (hit === el || (el as Element).contains(hit)));
    },
    [box.x + box.width / 2, box.y + box.height / 2, handle] as const,
  );
}

describe.skipIf(Boolean(unavailable))('web: access guard, session and pages (issue 13)', () => {
  let mer: MerUnderTest;
  let browser: Browser;

  beforeAll(async () => {
    mer = await startMer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await mer?.stop();
  });

  it('the first admin reaches the Admin Panel and Account Settings without a plan, and is invited to complete a profile', async () => {
    const admin = mer.admin!;
    const context = await newContext(browser);
    const page = await context.newPage();
    await logInViaForm(page, mer, admin.email, admin.password);
    // No membership and no completed profile: the admin area, not the plans.
    await waitForPath(page, '/admin');
    await page.getByRole('heading', { level: 1, name: /Admin/ }).waitFor();

    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('link', { name: 'Admin Panel' }).click();
    await waitForPath(page, '/admin');

    await page.goto(mer.url + '/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByLabel('Current password', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');

    for (const path of ['/my-profile', '/community']) {
      await page.goto(mer.url + path);
      await page.getByRole('heading', { name: 'Complete your profile to join the community' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    expect(await page.getByText('Choose Your Membership').count()).toBe(0);
    // The prompt leads to the wizard, which an admin opens without a membership.
    await page.getByRole('link', { name: 'Complete My Profile' }).click();
    await waitForPath(page, '/onboarding');
    await page
      .getByText('Step 0 of 6')
      .or(page.getByRole('heading', { name: 'Complete Your Profile' }))
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/onboarding');
    await context.close();
  });

  it('logging out stores no destination for the next login on this browser', async () => {
    const first = newMember('rowan');
    const second = await onboardedMember(mer, 'laurel');
    await signUpViaApi(mer, first);
    const context = await newContext(browser);
    const page = await context.newPage();
    await logInViaForm(page, mer, first.email, first.password);
    await waitForPath(page, '/membership');
    await page.getByRole('heading', { name: 'Choose Your Membership' }).waitFor();
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await waitForToast(page, 'Signed out');
    await waitForPath(page, '/');
    expect(await page.evaluate(() => localStorage.getItem('mer:post-login-redirect'))).toBeNull();

    // The next member on this browser goes where their own login leads, not to the plans.
    await logInViaForm(page, mer, second.email, second.password);
    await waitForPath(page, '/community');

    // A guard redirect (a visitor asking for a member page) still brings them back after login.
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await waitForPath(page, '/');
    await page.goto(mer.url + '/settings');
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('mer:post-login-redirect'))).toBe('/settings');
    await page.getByLabel('Email or username').fill(second.email);
    await page.getByLabel('Password', { exact: true }).fill(second.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await waitForPath(page, '/settings');
    await context.close();
  });

  it('a member who completed onboarding is sent from /onboarding to /community, never to a blank wizard', async () => {
    const member = await onboardedMember(mer, 'juniper');
    const context = await newContext(browser);
    const page = await context.newPage();
    await logInViaForm(page, mer, member.email, member.password);
    await waitForPath(page, '/community');
    await page.goto(mer.url + '/onboarding');
    await waitForPath(page, '/community');
    expect(await page.getByText('Step 0 of 6').count()).toBe(0);
    await context.close();
  });

  it('the install offer never covers the create-account button, and waits while a form is in progress (390 px and 1440 px)', async () => {
    const code = await createInvitationCode(mer);
    // Phone: the combined flow after the first touch.
    const phone = await newContext(browser, { phone: true, clock: { combinedPromptDelayMs: 200 } });
    const mobile = await phone.newPage();
    await mobile.goto(mer.url + '/signup');
    await mobile.getByRole('heading', { name: 'Begin with your invitation' }).waitFor();
    await mobile.evaluate(fakeInstallEvent);
    await mobile.waitForTimeout(4_500); // the PWA layer loads when the page is idle
    await mobile.getByLabel('Invitation code').tap();
    await mobile.keyboard.type(code);
    // Typing a code: a form in progress, so the due offer waits.
    await mobile.waitForTimeout(1_500);
    expect(await mobile.getByTestId('install-sheet').count()).toBe(0);
    await mobile.getByRole('button', { name: 'Continue' }).tap();
    await mobile.getByRole('heading', { name: 'Create your account' }).waitFor();
    // The new step's form is untouched: the offer appears, in the page's flow.
    const sheet = mobile.getByTestId('install-sheet');
    await sheet.waitFor({ timeout: 10_000 });
    const create = mobile.getByRole('button', { name: 'Create account' });
    expect(await overlap(sheet, create)).toBe(false);
    expect(await reachable(mobile, create)).toBe(true);
    await mobile.evaluate(() => window.scrollTo({ top: 0 }));
    await shot(mobile, 'install-offer-phone-signup');
    await mobile.getByLabel('Full name').tap();
    expect(await reachable(mobile, create)).toBe(true);
    await phone.close();

    // Large screen: the corner card after 5 s (shortened), also not over the form's button.
    const wide = await browser.newContext({ ...WIDE, serviceWorkers: 'block' });
    await wide.addInitScript('window.__MER_TEST_CLOCK__ = { installBannerDelayMs: 200 };');
    const desktop = await wide.newPage();
    await desktop.goto(mer.url + '/signup');
    await desktop.getByRole('heading', { name: 'Begin with your invitation' }).waitFor();
    await desktop.getByLabel('Invitation code').fill(code);
    await desktop.getByRole('button', { name: 'Continue' }).click();
    await desktop.getByRole('heading', { name: 'Create your account' }).waitFor();
    await desktop.evaluate(fakeInstallEvent);
    const banner = desktop.getByTestId('install-banner');
    await banner.waitFor({ timeout: 10_000 });
    const wideCreate = desktop.getByRole('button', { name: 'Create account' });
    expect(await overlap(banner, wideCreate)).toBe(false);
    expect(await reachable(desktop, wideCreate)).toBe(true);
    await shot(desktop, 'install-offer-wide-signup');
    await wide.close();
  });

  it('the footer links to real Privacy, Terms and Cookie pages, each with its own title', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const firstLoad: string[] = [];
    page.on('request', (r) => firstLoad.push(r.url()));
    await page.goto(mer.url + '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('MER · A community for spiritual and mindful people');
    // The legal pages are not part of the landing page's download.
    expect(firstLoad.filter((u) => /PrivacyPolicy|CookiePolicy|TermsOfService/.test(u))).toEqual([]);

    for (const [link, path, heading, title, text] of [
      ['Privacy Policy', '/privacy', 'Privacy Policy', 'Privacy Policy · MER', 'face'],
      ['Terms of Service', '/terms', 'Terms of Service', 'Terms of Service · MER', 'Prohibited activities'],
      ['Cookie Policy', '/cookies', 'Cookie Policy', 'Cookie Policy · MER', 'mer_refresh'],
    ] as const) {
      await page.goto(mer.url + '/');
      await page.locator('footer').getByRole('link', { name: link }).click();
      await waitForPath(page, path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByText(text).first().waitFor();
      expect(await page.title()).toBe(title);
    }
    // Every key the app keeps in local storage is named on the Cookie Policy.
    await page.goto(mer.url + '/cookies');
    for (const key of ['mer:session-hint', 'mer:profile-cache', 'pwa-install-prompt-seen'])
      await page.getByText(key, { exact: true }).waitFor();
    await context.close();
  });

  it('gives each page its own document title, also on a first load', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const [path, title] of [
      ['/login', 'Log in · MER'],
      ['/signup', 'Sign up · MER'],
      ['/no-such-page', 'Page not found · MER'],
    ] as const) {
      await page.goto(mer.url + path);
      await page.waitForFunction((t) => document.title === t, title, { timeout: 10_000 });
    }
    await page.getByRole('link', { name: 'Log In', exact: true }).click();
    await page.waitForFunction(() => document.title === 'Log in · MER');
    await context.close();
  });

  it('on a phone, shows one message each: forgot password and the waiting list, under the right heading', async () => {
    const member = newMember('sorrel');
    await signUpViaApi(mer, member);
    const phone = await newContext(browser, { phone: true });
    const page = await phone.newPage();
    await page.goto(mer.url + '/login');
    await page.getByRole('button', { name: 'Forgot password?' }).tap();
    await page.getByLabel('Email or username').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).tap();
    await page.getByText('Check your inbox').waitFor();
    expect(await page.getByText('Reset email sent').count()).toBe(0);
    await shot(page, 'forgot-password-phone');

    await page.goto(mer.url + '/signup');
    await page.getByRole('button', { name: 'Join the waiting list' }).tap();
    await page.getByLabel('Your name').fill('Fern Lake');
    const form = page.locator('form', { has: page.getByLabel('Your name') });
    await form.getByLabel('Email').fill(`fern.${Date.now()}@example.org`);
    await form.getByRole('button', { name: 'Join the waiting list' }).tap();
    await page.getByRole('heading', { level: 1, name: "You're on the waiting list" }).waitFor();
    expect(await page.getByText('Successfully Joined!').count()).toBe(0);
    expect(await page.getByText('Step 2 of 2').count()).toBe(0);
    expect(await page.getByText("You're on the waiting list").count()).toBe(1);
    await page.getByRole('heading', { level: 2, name: 'Create your account' }).waitFor();
    await shot(page, 'waiting-list-phone');
    await phone.close();
  });

  it("at sign-up shows 'Passwords do not match' as soon as both fields are filled", async () => {
    const phone = await newContext(browser, { phone: true });
    const page = await phone.newPage();
    await page.goto(mer.url + '/signup');
    await page.getByLabel('Invitation code').fill(await createInvitationCode(mer));
    await page.getByRole('button', { name: 'Continue' }).tap();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('lotus-flower');
    await page.getByLabel('Confirm password', { exact: true }).fill('lotus-flowe');
    // Still in the field (no blur): the message is already there.
    await page.getByText('Passwords do not match').waitFor({ timeout: 3_000 });
    await page.getByLabel('Confirm password', { exact: true }).fill('lotus-flower');
    await page.getByText('Passwords do not match').waitFor({ state: 'detached', timeout: 3_000 });
    await phone.close();
  });
});
