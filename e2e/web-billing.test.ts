/// <reference lib="dom" />
/**
 * Browser tests of membership and the built-in test checkout (issue 4), in the embedded topology,
 * through the gateway, in Debian's chromium. Run: npm run build:web &&
 * npx vitest run --config e2e/vitest.config.ts e2e/web-billing.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  browserTestsUnavailable,
  createInvitationCode,
  launchBrowser,
  newContext,
  newMember,
  signUpViaApi,
  startMer,
  seriousA11yViolations,
  waitForPath,
  type MerUnderTest,
} from './support/web.ts';
import { logInViaForm, onboardedMember } from './support/members.ts';

const unavailable = browserTestsUnavailable();
if (unavailable) console.warn(`[web e2e] skipped: ${unavailable}`);

/** A euro amount as this browser formats it (the page uses navigator.language). */
function euros(page: Page, cents: number): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.NumberFormat(navigator.language, { style: 'currency', currency: 'EUR' }).format(value / 100),
    cents,
  );
}

describe.skipIf(Boolean(unavailable))('web: membership and the test checkout', () => {
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

  it('a new member with a discounted invitation subscribes through the test checkout and lands in onboarding', async () => {
    const code = await createInvitationCode(mer, { discountPercent: 20 });
    const member = newMember('juniper');
    const context = await newContext(browser);
    const page = await context.newPage();

    await page.goto(mer.url + '/signup');
    await page.getByLabel('Invitation code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('Full name').fill(member.name);
    await page.getByLabel('Username').fill(member.username);
    await page.getByText(`@${member.username} is available`).waitFor();
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(member.password);
    await page.waitForFunction(
      () => !(document.querySelector('button[type=submit]') as HTMLButtonElement).disabled,
    );
    await page.getByRole('button', { name: 'Create account' }).click();

    // /membership: the plans, the second highlighted and open, the early bird against the regular price.
    await waitForPath(page, '/membership');
    await page.getByRole('heading', { name: 'Choose Your Membership' }).waitFor();
    await page.getByTestId('invitation-discount').getByText('20%').waitFor();
    const plans = page.getByRole('list', { name: 'Membership plans' }).locator(':scope > li');
    expect(await plans.count()).toBe(2);
    const inner = plans.nth(1);
    expect(await inner.locator('[data-highlighted="true"]').count()).toBe(1);
    await inner.getByText('InnerCircle Membership').waitFor();
    expect(await inner.getByTestId('plan-price').innerText()).toBe(await euros(page, 1900));
    expect(await inner.getByTestId('plan-regular-price').innerText()).toBe(await euros(page, 2900));
    await inner.getByText('No ads, ever: a calm, distraction-free space').waitFor();
    expect(await inner.getByTestId('plan-price-today').innerText()).toContain(await euros(page, 1520));
    await plans.nth(0).getByText('per month').waitFor();

    // The test checkout: plainly a test, with the discounted amount.
    await inner.getByRole('button', { name: 'Subscribe Now' }).click();
    await waitForPath(page, /^\/api\/v1\/billing\/test-checkout\//);
    await page.getByRole('heading', { name: 'TEST PAYMENT' }).waitFor();
    await page.getByText('InnerCircle Membership').waitFor();
    expect(await page.locator('#amount-due').innerText()).toBe('€15.20');
    await page.getByRole('button', { name: /^Pay / }).click();

    // payment=success → /signup-handler (waits for the webhook's activation) → /onboarding.
    await waitForPath(page, '/onboarding');

    await page.goto(mer.url + '/membership');
    await page
      .getByTestId('current-membership')
      .getByText('Your membership: InnerCircle Membership')
      .waitFor();
    await context.close();
  });

  it('Cancel at the test checkout returns to /membership with nothing activated', async () => {
    const member = newMember('aspen');
    await signUpViaApi(mer, member);
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(mer.url + '/login');
    await page.getByLabel('Email or username').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await waitForPath(page, '/onboarding');

    await page.goto(mer.url + '/membership');
    const plans = page.getByRole('list', { name: 'Membership plans' }).locator(':scope > li');
    await plans
      .first()
      .getByRole('button', { name: /Community Membership/ })
      .click();
    // The test checkout in MER's look: its stylesheet and the site's favicon load, nothing answers 404.
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
    });
    const favicon = page.waitForResponse((r) => new URL(r.url()).pathname === '/favicon.svg');
    await plans.first().getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByRole('heading', { name: 'TEST PAYMENT' }).waitFor();
    await page.getByTestId('test-mode').getByText('TEST MODE').waitFor();
    expect((await favicon).status()).toBe(200);
    // The design system's colours reached the page: the Pay button is ink-800 on white text.
    expect(
      await page.getByRole('button', { name: /^Pay / }).evaluate((b) => getComputedStyle(b).backgroundColor),
    ).toBe('rgb(42, 45, 87)');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await waitForPath(page, '/membership');
    await page.getByRole('heading', { name: 'Choose Your Membership' }).waitFor();
    await page.getByTestId('payment-cancelled').getByText('Payment cancelled').waitFor();
    await page
      .getByTestId('payment-cancelled')
      .getByText(/Nothing was charged\./)
      .waitFor();
    expect(missing).toEqual([]);
    expect(await page.getByTestId('current-membership').count()).toBe(0);
    await page.goto(mer.url + '/signup-handler');
    await page.getByRole('heading', { name: 'Complete Your Setup' }).waitFor();
    await context.close();
  });

  it('a Community member upgrades to InnerCircle at the prorated price and gets the InnerCircle badge', async () => {
    const member = await onboardedMember(mer, 'cedar');
    // Community Membership through the test checkout, as the browser would pay it.
    const list = await api(mer.url, 'GET', '/api/v1/billing/plans');
    const [community, inner] = list.json.plans as { id: string; name: string }[];
    const started = await api(
      mer.url,
      'POST',
      '/api/v1/billing/checkouts',
      { planId: community!.id },
      member.auth,
    );
    expect(started.status).toBe(201);
    const paid = await fetch(`${mer.url}${started.json.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);

    const context = await newContext(browser);
    const page = await context.newPage();
    await logInViaForm(page, mer, member.email, member.password);
    await waitForPath(page, '/community');
    await page.goto(mer.url + '/membership');
    await page.getByTestId('current-membership').getByText('Your membership: Community Membership').waitFor();

    // The member's own plan: disabled, and the page says why.
    const plans = page.getByRole('list', { name: 'Membership plans' }).locator(':scope > li');
    await plans
      .first()
      .getByRole('button', { name: /Community Membership/ })
      .click();
    const current = plans.first().getByRole('button', { name: 'Your current plan' });
    expect(await current.isDisabled()).toBe(true);
    await plans.first().getByText('You already have this plan.').waitFor();

    // InnerCircle (the accordion keeps one plan open): the prorated amounts first, then the change.
    await plans.nth(1).locator('h2 > button').click();
    await plans
      .nth(1)
      .getByRole('button', { name: `Upgrade to ${inner!.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Upgrade to ${inner!.name}` });
    await dialog.getByTestId('plan-change-preview').waitFor();
    await dialog.getByText('Credit for the unused time of Community Membership').waitFor();
    await dialog.getByText('Charged now').waitFor();
    // About a month of each plan is left: close to their whole prices, InnerCircle's early bird less Community's.
    const due = await dialog.getByTestId('plan-change-due').innerText();
    expect(due).toMatch(/7[.,]\d\d|6[.,]9\d/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm upgrade' }).click();
    await page.getByTestId('current-membership').getByText(`Your membership: ${inner!.name}`).waitFor();
    await plans.nth(1).getByText('You already have this plan.').waitFor();

    // profile-onboarding follows billing's plan-changed event: the badge shows on the member's profile.
    for (let attempt = 0; ; attempt++) {
      await page.goto(mer.url + '/my-profile');
      await page.getByRole('heading', { level: 1, name: member.name }).waitFor();
      if (await page.getByText('InnerCircle Member').count()) break;
      expect(attempt).toBeLessThan(10);
      await page.waitForTimeout(500);
    }
    await context.close();
  });
});
