/// <reference lib="dom" />
/**
 * Browser journey of the search dialog (issue 19), keyboard only: Ctrl+K opens the dialog; a misspelt query
 * ("medtation") finds the meditation circle; the type filter narrows to events; a search is saved with a name and
 * appears under saved; recent searches show the result count; a post deleted by its author disappears from
 * results; '/' opens the dialog too.
 *
 * Run: node --import tsx frontends/build/build-all.ts && npx vitest run --config e2e/vitest.config.ts
 * e2e/web-search.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { completeOnboardingViaApi, logInViaForm } from './support/members.ts';
import { FEED, paidMember, waitUntilMayPost } from './support/community.ts';
import {
  api,
  browserTestsUnavailable,
  launchBrowser,
  newContext,
  startMer,
  waitForPath,
  type MerUnderTest,
} from './support/web.ts';

const unavailable = browserTestsUnavailable();
if (unavailable) console.warn(`[web e2e] skipped: ${unavailable}`);

const EC = '/api/v1/events-circles';

/** The search service builds its index from events-circles' events: wait until `auth` finds `title`. */
async function untilFound(
  mer: MerUnderTest,
  auth: Record<string, string>,
  q: string,
  title: string | ((title: string) => boolean),
) {
  const matches = typeof title === 'string' ? (t: string) => t === title : title;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await api(
      mer.url,
      'GET',
      `/api/v1/search/results?q=${encodeURIComponent(q)}`,
      undefined,
      auth,
    );
    if (found.status === 200 && found.json.results.some((r: { title: string }) => matches(r.title))) return;
    if (Date.now() > deadline) throw new Error(`search never found ${q}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * Presses `key` until the dialog's query box shows: the shell loads its shortcut listener lazily after the first
 * page, so a key pressed in the first moments after sign-in may come before the listener.
 */
/** Until a search for `q` finds nothing (a deletion reached the index). */
async function untilGone(mer: MerUnderTest, auth: Record<string, string>, q: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await api(
      mer.url,
      'GET',
      `/api/v1/search/results?q=${encodeURIComponent(q)}`,
      undefined,
      auth,
    );
    if (found.status === 200 && found.json.results.length === 0) return;
    if (Date.now() > deadline) throw new Error(`search still finds ${q}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function opensWith(page: Page, key: string, box: Locator) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await page.keyboard.press(key);
    if (
      await box.waitFor({ timeout: 1_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`${key} never opened the search dialog`);
  }
}

describe.skipIf(Boolean(unavailable))('web: the search dialog', () => {
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

  // One retry, kept while the fix below proves itself: in session 7's CI the last step lost the highlighted option
  // as the suggestions settled (the dialog now keeps its highlight by row, and the loop reads it in one step). A real
  // break fails twice.
  it(
    'finds, filters, saves and remembers searches with the keyboard alone',
    { retry: 1 },
    async ({ task }) => {
      // A retry runs against the same MER: its circle and post carry the attempt's word, so the first attempt's
      // leftovers neither match its locators nor make them ambiguous.
      const attempt = ['Lotus', 'Cedar', 'Heron'][task.result?.retryCount ?? 0] ?? 'Birch';
      const circleName = `Dawn Meditation Circle ${attempt}`;
      const circleDescription = `We sit in silence together every morning by the ${attempt.toLowerCase()}.`;
      const holder = await paidMember(mer, 'sage');
      const admin = mer.admin!;
      const login = await api(mer.url, 'POST', '/api/v1/identity/sessions', {
        identifier: admin.email,
        password: admin.password,
      });
      expect(login.status).toBe(200);
      const guide = { authorization: `Bearer ${login.json.accessToken}` };
      await completeOnboardingViaApi(mer, guide, 'Guide');

      const circle = await api(
        mer.url,
        'POST',
        `${EC}/circles`,
        {
          name: circleName,
          description: circleDescription,
          category: 'practice',
          joinPolicy: 'open',
        },
        holder.auth,
      );
      expect(circle.status).toBe(201);
      const approved = await api(
        mer.url,
        'PUT',
        `${EC}/review/circles/${circle.json.id}`,
        { decision: 'approved' },
        guide,
      );
      expect(approved.status).toBe(200);
      await untilFound(mer, holder.auth, 'meditation', circleName);

      const context = await newContext(browser);
      const page = await context.newPage();
      await logInViaForm(page, mer, holder.email, holder.password);
      await waitForPath(page, '/community');

      // Ctrl+K opens the dialog with the focus in the query box.
      const dialog = page.getByRole('dialog', { name: 'Search' });
      const box = dialog.getByRole('combobox', { name: 'Search circles, events, people and posts' });
      await opensWith(page, 'Control+k', box);
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);

      // A misspelt query finds the meditation circle.
      await page.keyboard.type('medtation');
      const result = dialog.getByRole('option', { name: new RegExp(circleName) });
      await result.waitFor({ timeout: 10_000 });

      // The type filter, by keyboard: Tab to Filters, open it, tick Events; the circle leaves the results.
      await dialog.getByRole('button', { name: 'Filters' }).focus();
      await page.keyboard.press('Enter');
      await dialog.getByRole('checkbox', { name: 'Events' }).focus();
      await page.keyboard.press('Space');
      await dialog.getByText('No results found for "medtation"').waitFor({ timeout: 10_000 });
      await dialog.getByRole('checkbox', { name: 'Events' }).focus();
      await page.keyboard.press('Space');
      await result.waitFor({ timeout: 10_000 });
      await page.keyboard.press('Escape'); // closes the filters popover first

      // Save the search with a name.
      await dialog.getByRole('button', { name: 'Save Search' }).focus();
      await page.keyboard.press('Enter');
      await dialog.getByLabel('Name').waitFor();
      await page.keyboard.type('Morning sits');
      await page.keyboard.press('Enter');
      await dialog.getByRole('form', { name: 'Save Search' }).waitFor({ state: 'detached' });

      // Clear the box: saved and recent (with the result count) show.
      await box.focus();
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');
      await dialog
        .getByRole('region', { name: 'Saved searches' })
        .getByRole('button', { name: /Morning sits/ })
        .first()
        .waitFor();
      await dialog
        .getByRole('region', { name: 'Recent searches' })
        .getByRole('button', { name: /^medtation\s*\d+ results?$/ })
        .first()
        .waitFor();

      // A post its author deletes disappears from results (a new query: the dialog caches a query's results).
      await waitUntilMayPost(mer, holder);
      const post = await api(
        mer.url,
        'POST',
        `${FEED}/posts`,
        { content: `Sunrise pranayama practice by the ${attempt.toLowerCase()}`, topic: 'general' },
        holder.auth,
      );
      expect(post.status).toBe(201);
      await untilFound(mer, holder.auth, 'pranayama', (t) => t.includes('pranayama'));
      await box.focus();
      await page.keyboard.type('pranayama');
      const postOption = dialog.getByRole('option', { name: /Sunrise pranayama practice/ }).last();
      await postOption.waitFor({ timeout: 10_000 });
      expect(
        (await api(mer.url, 'DELETE', `${FEED}/posts/${post.json.id}`, undefined, holder.auth)).status,
      ).toBe(204);
      const goneQuery = `pranayama ${attempt.toLowerCase()}`;
      await untilGone(mer, holder.auth, goneQuery);
      await page.keyboard.type(` ${attempt.toLowerCase()}`);
      await dialog.getByText(`No results found for "${goneQuery}"`).waitFor({ timeout: 10_000 });
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');

      // Escape closes; '/' opens it again; Arrow + Enter opens the result's page.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await opensWith(page, '/', box);
      await page.keyboard.type('dawn meditation');
      // The circle's title is also a suggestion for this text: two options match once both have arrived.
      await result.last().waitFor({ timeout: 10_000 });
      // Down through the suggestions to the circle (the options are suggestions first, then results). The highlight
      // is read in one step from the box's aria-activedescendant, so a re-render between two reads cannot stall it.
      let reached = false;
      for (let i = 0; i < 30 && !reached; i++) {
        await page.keyboard.press('ArrowDown');
        // A title suggestion reads the same; the result row also shows the description.
        reached = await box.evaluate((input, description) => {
          const id = input.getAttribute('aria-activedescendant');
          return Boolean(id && document.getElementById(id)?.textContent?.includes(description));
        }, circleDescription);
      }
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      await waitForPath(page, `/circles/${circle.json.id}`);
      await context.close();
    },
  );
});
