/// <reference lib="dom" />
/**
 * Browser test of the bodygraph (issue 6): a member stores a chart through `PUT charts/me`, opens /my-profile
 * and sees the SVG with their defined centres named; another member sees it on /profile/:userId only after
 * the owner turns on "Share my birth data and chart" in Settings → Privacy. Run: build the front ends, then
 * npx vitest run --config e2e/vitest.config.ts e2e/web-bodygraph.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHOTO_FIXTURES } from './support/fixtures.ts';
import { logInViaForm, onboardedMember } from './support/members.ts';
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

// Barack Obama's published birth data (Honolulu, 4 August 1961, 19:24): a Projector whose defined centres are
// the Solar Plexus and the Root, joined by channel 30-41 (the engine's reference chart).
const HONOLULU = {
  birthDate: '1961-08-04',
  birthTime: '19:24',
  latitude: 21.3069,
  longitude: -157.8583,
  birthLocation: 'Honolulu, Hawaii, United States',
};

async function bodygraphOn(page: Page) {
  const image = page.getByRole('img', { name: /Human Design bodygraph: Projector/ });
  await image.waitFor({ timeout: 15_000 });
  return image;
}

describe.skipIf(Boolean(unavailable) || !PHOTO_FIXTURES)('web: the bodygraph on profiles', () => {
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

  it("shows the owner's bodygraph, and another member's view only once the owner shares it", async () => {
    const owner = await onboardedMember(mer, 'willow');
    const viewer = await onboardedMember(mer, 'cedar');
    const stored = await api(mer.url, 'PUT', '/api/v1/profile-onboarding/charts/me', HONOLULU, owner.auth);
    expect(stored.status).toBe(200);
    const me = await api(mer.url, 'GET', '/api/v1/profile-onboarding/profiles/me', undefined, owner.auth);
    const ownerId = me.json.userId as string;

    // The owner: the picture with its title and description, and the facts in words beside it.
    const ownerContext = await newContext(browser);
    const ownerPage = await ownerContext.newPage();
    await logInViaForm(ownerPage, mer, owner.email, owner.password);
    await waitForPath(ownerPage, '/community');
    await ownerPage.goto(`${mer.url}/my-profile`);
    const image = await bodygraphOn(ownerPage);
    expect(await image.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
    const description = await image.evaluate((svg) => svg.querySelector('desc')?.textContent ?? '');
    expect(description).toContain('Defined centres: Solar Plexus, Root');
    expect(await ownerPage.getByTestId('bodygraph-defined-centres').textContent()).toBe('Solar Plexus, Root');
    expect(await ownerPage.locator('[data-centre][data-defined="true"]').count()).toBe(2);
    expect(await ownerPage.locator('[data-gate]').count()).toBe(64);
    expect(await ownerPage.getByText('Only you can see this.').count()).toBe(1);
    expect(await seriousA11yViolations(ownerPage)).toEqual([]);

    // Another member: nothing while the owner keeps birth data private (the default).
    const viewerContext = await newContext(browser);
    const viewerPage = await viewerContext.newPage();
    await logInViaForm(viewerPage, mer, viewer.email, viewer.password);
    await waitForPath(viewerPage, '/community');
    await viewerPage.goto(`${mer.url}/profile/${ownerId}`);
    await viewerPage.getByRole('heading', { name: owner.name, level: 1 }).waitFor();
    await viewerPage.waitForLoadState('networkidle');
    expect(await viewerPage.getByRole('img', { name: /bodygraph/ }).count()).toBe(0);

    // The owner shares it in Settings → Privacy.
    await ownerPage.goto(`${mer.url}/settings`);
    const sharing = ownerPage.getByRole('switch', { name: 'Share my birth data and chart' });
    expect(await sharing.isChecked()).toBe(false);
    await sharing.click();
    await ownerPage.locator('[data-testid="toast"]', { hasText: 'Profile Updated' }).first().waitFor();
    await ownerPage.goto(`${mer.url}/my-profile`);
    await bodygraphOn(ownerPage);
    expect(await ownerPage.getByText('Members can see this on your profile.').count()).toBe(1);

    await viewerPage.reload();
    await bodygraphOn(viewerPage);
    expect(await viewerPage.getByTestId('bodygraph-defined-centres').textContent()).toBe(
      'Solar Plexus, Root',
    );

    await ownerContext.close();
    await viewerContext.close();
  });
});
