/// <reference lib="dom" />
/**
 * Browser test of Settings → Cosmic info (the wizard's "It can be changed later in your profile settings."): an
 * onboarded member without a chart adds birth details with a city from the search, saves (PUT charts/me), sees
 * the result cards the chart engine gives for the same moment and the city's coordinates, sees the bodygraph on
 * /my-profile, then removes the birth data (DELETE charts/me) and the bodygraph is gone. Run: build the front
 * ends, then npx vitest run --config e2e/vitest.config.ts e2e/web-settings-cosmic.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { calculateChart } from '@mer/chart-engine';
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
  waitForToast,
  type MerUnderTest,
} from './support/web.ts';
import { resultCards } from './support/chart-cards.ts';

const unavailable = browserTestsUnavailable();
if (unavailable) console.warn(`[web e2e] skipped: ${unavailable}`);
const PROFILE = '/api/v1/profile-onboarding';

describe.skipIf(Boolean(unavailable) || !PHOTO_FIXTURES)('web: Settings → Cosmic info', () => {
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

  it('adds birth details with a city from the search, shows the engine’s results and the bodygraph, then removes them', async () => {
    const member = await onboardedMember(mer, 'juniper');
    const none = await api(mer.url, 'GET', `${PROFILE}/charts/me`, undefined, member.auth);
    expect(none).toEqual({ status: 200, json: null });

    const context = await newContext(browser);
    const page = await context.newPage();
    await logInViaForm(page, mer, member.email, member.password);
    await waitForPath(page, '/community');
    await page.goto(`${mer.url}/settings`);
    const section = page.locator('section#cosmic');
    await section.getByRole('heading', { name: 'Cosmic info' }).waitFor();
    await section.getByText('You have not added your birth details yet.').waitFor();
    await section.getByRole('link', { name: /Share my birth data and chart/ }).waitFor();
    await section.getByRole('button', { name: 'Add birth details' }).click();

    // The wizard's form: 125 years from this one, hours in 12-hour form, the place from 3 typed letters.
    const years = await section.getByLabel('Year', { exact: true }).locator('option').allTextContents();
    expect(years.slice(1)).toHaveLength(125);
    expect(years[1]).toBe(String(new Date().getFullYear()));
    const hours = await section.getByLabel('Hour', { exact: true }).locator('option').allTextContents();
    expect(hours.slice(1, 3)).toEqual(['12 AM', '1 AM']);
    expect(await section.getByLabel('Minute', { exact: true }).locator('option').count()).toBe(61);
    const save = section.getByRole('button', { name: 'Save birth details' });
    const place = section.getByRole('combobox', { name: 'Place of birth' });
    await place.fill('Qxzv');
    await page.getByText('No locations found for your search').waitFor();
    await place.fill('Lisb');
    await page
      .getByRole('option', { name: /^Lisbon/ })
      .first()
      .click();
    const label = await place.inputValue();
    expect(await save.isDisabled()).toBe(true);

    // 15 June 1985, 7:45 AM.
    await section.getByLabel('Year', { exact: true }).selectOption('1985');
    await section.getByLabel('Month', { exact: true }).selectOption('6');
    await section.getByLabel('Day', { exact: true }).selectOption('15');
    await section.getByLabel('Hour', { exact: true }).selectOption({ label: '7 AM' });
    await section.getByLabel('Minute', { exact: true }).selectOption({ label: ':45' });

    // Save is blocked while the server calculates (the answer is held back until that has been seen).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/charts/me', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    const sent = page.waitForRequest((r) => r.url().endsWith('/charts/me') && r.method() === 'PUT');
    await save.click();
    const body = (await sent).postDataJSON() as { birthDate: string; birthTime: string; cityId: string };
    expect(body).toEqual({ birthDate: '1985-06-15', birthTime: '07:45', cityId: expect.any(String) });
    await section.getByRole('status').filter({ hasText: 'Reading the stars' }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    release();
    await waitForToast(page, 'Calculation Complete');
    await page.unroute('**/charts/me');

    // The cards are the engine's for the same moment at the picked city's coordinates.
    const city = await api(mer.url, 'GET', `${PROFILE}/cities/${body.cityId}`, undefined, member.auth);
    expect(city.status).toBe(200);
    expect(city.json.label).toBe(label);
    const chart = calculateChart({
      birthDate: '1985-06-15',
      birthTime: '07:45',
      latitude: city.json.latitude as number,
      longitude: city.json.longitude as number,
    });
    const hd = chart.humanDesign;
    if (!hd) throw new Error('The engine gave no Human Design for a full birth moment');
    expect(await resultCards(section)).toEqual({
      Sun: chart.astrology.sunSign,
      Moon: chart.astrology.moonSign,
      Rising: chart.astrology.risingSign ?? '—',
      Type: hd.type,
      Strategy: hd.strategy,
      Authority: hd.authorityLabel,
      Profile: hd.profile,
    });
    await section.getByText(`Born Jun 15, 1985 at 7:45 AM in ${label}`).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The stored chart is there after a reload, and its bodygraph on /my-profile.
    await page.reload();
    await section.getByRole('button', { name: 'Change birth details' }).waitFor();
    expect((await resultCards(section)).Type).toBe(hd.type);
    await page.goto(`${mer.url}/my-profile`);
    await page
      .getByRole('img', { name: new RegExp(`Human Design bodygraph: ${hd.type}`) })
      .waitFor({ timeout: 15_000 });

    // Change birth details keeps the stored place (sent as its coordinates) unless another city is picked.
    await page.goto(`${mer.url}/settings`);
    await section.getByRole('button', { name: 'Change birth details' }).click();
    expect(await place.inputValue()).toBe(label);
    expect(await section.getByLabel('Year', { exact: true }).inputValue()).toBe('1985');
    await section.getByLabel('Hour', { exact: true }).selectOption({ label: '9 PM' });
    const changed = page.waitForRequest((r) => r.url().endsWith('/charts/me') && r.method() === 'PUT');
    await save.click();
    expect((await changed).postDataJSON()).toEqual({
      birthDate: '1985-06-15',
      birthTime: '21:45',
      latitude: city.json.latitude,
      longitude: city.json.longitude,
      birthLocation: label,
    });
    await section.getByText(`Born Jun 15, 1985 at 9:45 PM in ${label}`).waitFor();
    const evening = calculateChart({
      birthDate: '1985-06-15',
      birthTime: '21:45',
      latitude: city.json.latitude as number,
      longitude: city.json.longitude as number,
    });
    expect((await resultCards(section)).Rising).toBe(evening.astrology.risingSign ?? '—');

    // Remove my birth data, after a confirmation: the chart and the bodygraph are gone.
    await section.getByRole('button', { name: 'Remove my birth data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove your birth data?' });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByRole('button', { name: 'Remove my birth data' }).click();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await waitForToast(page, 'Birth Data Removed');
    await section.getByText('You have not added your birth details yet.').waitFor();
    const gone = await api(mer.url, 'GET', `${PROFILE}/charts/me`, undefined, member.auth);
    expect(gone).toEqual({ status: 200, json: null });
    await page.goto(`${mer.url}/my-profile`);
    await page.getByRole('heading', { name: member.name, level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('img', { name: /bodygraph/ }).count()).toBe(0);
    await context.close();
  }, 180_000);
});
