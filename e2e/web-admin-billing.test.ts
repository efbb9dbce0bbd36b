/// <reference lib="dom" />
/**
 * The admin area's memberships and revenue (issue 20), in the browser: a member signs up with a 20% invitation and
 * pays the test checkout; the admin's Overview shows the active membership, MRR and this month's money as a bar and
 * in the table; the member's page (/admin/user-profile/{id}) shows the plan, price, discount and first payment; a
 * member who never paid reads 'No membership'. Run: node --import tsx frontends/build/build-all.ts, then
 * npx vitest run --config e2e/vitest.config.ts e2e/web-admin-billing.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { logInViaForm } from './support/members.ts';
import {
  api,
  browserTestsUnavailable,
  createInvitationCode,
  launchBrowser,
  newContext,
  newMember,
  seriousA11yViolations,
  startMer,
  type MerUnderTest,
  type TestMember,
} from './support/web.ts';

const unavailable = browserTestsUnavailable();
if (unavailable) console.warn(`[web e2e] skipped: ${unavailable}`);

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

describe.skipIf(Boolean(unavailable))('web: memberships and revenue in the admin area', () => {
  let mer: MerUnderTest;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mer = await startMer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await mer?.stop();
  });

  it("shows the admin this month's money and a paying member's membership; 'No membership' for one who never paid", async () => {
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

    const context = await newContext(browser);
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await logInViaForm(page, mer, mer.admin!.email, mer.admin!.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${mer.url}/admin`);

    // Overview: the figures as text, a bar per month, every month in the table (12.00 less 20% = 9.60 collected).
    const revenue = page.getByRole('region', { name: 'Memberships and revenue' });
    await revenue.getByText('Active memberships').waitFor();
    await expect.poll(() => revenue.getByText('Active memberships').locator('..').innerText()).toContain('1');
    expect(await revenue.getByText('Monthly recurring revenue').locator('..').innerText()).toContain(
      '€12.00',
    );
    expect(await revenue.getByText('Collected this month').locator('..').innerText()).toContain('€9.60');
    const bars = revenue.getByRole('list', { name: 'Revenue per month in EUR' }).getByRole('listitem');
    expect(await bars.count()).toBe(12);
    expect(await bars.last().getAttribute('aria-label')).toMatch(/: €9\.60$/);
    const thisMonth = revenue.getByRole('table').getByRole('row').nth(1);
    expect(await thisMonth.innerText()).toMatch(/€9\.60\s+1\s+0\s+1/);
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
    // Sign-ups and the admin's log-in hash passwords: on a loaded shared machine this took 170 s.
  }, 300_000);
});
