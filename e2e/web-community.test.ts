/// <reference lib="dom" />
/**
 * Browser journey of the community micro-frontend (issue 15): two members on the feed. A posts text and two photos
 * to a topic; B sees the "new posts" pill, opens it, reacts and comments with an @mention of A; A sees the reaction
 * count change live and edits the post; B reports it, and after two more members report it, it is hidden from the
 * feed. A tags B in an album photo; B removes the tag. Run: node --import tsx frontends/build/build-all.ts, then
 * npx vitest run --config e2e/vitest.config.ts e2e/web-community.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FEED, paidMember, waitUntilMayPost, type CommunityMember } from './support/community.ts';
import { PHOTO_FIXTURES } from './support/fixtures.ts';
import { logInViaForm } from './support/members.ts';
import {
  api,
  browserTestsUnavailable,
  launchBrowser,
  newContext,
  seriousA11yViolations,
  startMer,
  toastTexts,
  waitForPath,
  waitForToast,
  type MerUnderTest,
} from './support/web.ts';

const unavailable = browserTestsUnavailable();
if (unavailable) console.warn(`[web e2e] skipped: ${unavailable}`);

async function signedIn(browser: Browser, mer: MerUnderTest, member: CommunityMember, phone = false) {
  const context = await newContext(browser, { phone });
  const page = await context.newPage();
  await logInViaForm(page, mer, member.email, member.password);
  await waitForPath(page, '/community');
  await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
  return { context, page };
}

const postOf = (page: Page, text: string) => page.getByTestId('post').filter({ hasText: text });

describe.skipIf(Boolean(unavailable) || !PHOTO_FIXTURES)('web: community feed, albums and photo tags', () => {
  let mer: MerUnderTest;
  let browser: Browser;
  let a: CommunityMember;
  let b: CommunityMember;
  let c: CommunityMember;
  let d: CommunityMember;

  beforeAll(async () => {
    mer = await startMer();
    browser = await launchBrowser();
    [a, b, c, d] = (await Promise.all(
      ['alder', 'birch', 'cedar', 'dune'].map((p) => paidMember(mer, p)),
    )) as [CommunityMember, CommunityMember, CommunityMember, CommunityMember];
    await Promise.all([a, b, c, d].map((m) => waitUntilMayPost(mer, m)));
  });
  afterAll(async () => {
    await browser?.close();
    await mer?.stop();
  });

  // One retry: in one full run of six (session 6) B's comment did not show within 30 s. It passed in every run since,
  // four of them on a machine loaded by eight other builds, and the cause is not found. The step now reports what
  // the page showed instead, so a recurrence names its cause. A real break fails twice.
  it(
    'posts, the new-posts pill, reactions live, a comment with a mention, edit, reports, and a photo tag',
    { retry: 1 },
    async () => {
      const first = `Morning light over the bay ${Date.now()}`;
      const edited = `${first}, and the tide came in softly`;
      const alder = await signedIn(browser, mer, a);
      const birch = await signedIn(browser, mer, b);
      // B's feed is loaded (and listening) before A posts.
      await birch.page.getByText(/No posts here yet|You are all caught up/).waitFor();

      // A: text, two photos, the Gratitude topic.
      await alder.page.getByRole('textbox', { name: 'What would you like to share?' }).fill(first);
      await alder.page
        .getByTestId('composer-photos')
        .setInputFiles([`${PHOTO_FIXTURES}/astronaut.png`, `${PHOTO_FIXTURES}/coffee.png`]);
      await alder.page.getByRole('img', { name: /Photo 2: coffee\.png/ }).waitFor();
      await alder.page.getByRole('combobox', { name: 'Topic' }).selectOption({ label: 'Gratitude' });
      await alder.page.getByRole('button', { name: 'Share', exact: true }).click();
      await waitForToast(alder.page, 'Your post is shared');
      const alderPost = postOf(alder.page, first);
      await alderPost.waitFor();
      expect(await alderPost.getByRole('button', { name: /Open photo \d of 2/ }).count()).toBe(2);
      await alderPost.getByText('Gratitude').waitFor();

      // B: the pill, not a jump.
      await birch.page.getByRole('button', { name: /1 new post/ }).waitFor({ timeout: 20_000 });
      expect(await postOf(birch.page, first).count()).toBe(0);
      expect(await seriousA11yViolations(birch.page)).toEqual([]);
      await birch.page.getByRole('button', { name: /1 new post/ }).click();
      const birchPost = postOf(birch.page, first);
      await birchPost.waitFor();

      // B reacts with Love through the picker.
      await birchPost.getByRole('button', { name: 'React' }).click();
      await birchPost.getByRole('button', { name: /^Love/ }).click();
      await birchPost.getByText('1 reaction').waitFor();
      // A sees the count change without a reload.
      await alderPost.getByText('1 reaction').waitFor({ timeout: 20_000 });

      // B comments with an @mention of A, picked from the autocomplete.
      await birchPost.getByRole('button', { name: '0 comments' }).click();
      const comment = birchPost.getByRole('combobox', { name: 'Write a comment' });
      await comment.click();
      await comment.pressSequentially(`Thank you @${a.username.slice(0, 4)}`);
      await birchPost.getByRole('option', { name: new RegExp(a.username) }).waitFor();
      await comment.press('Enter');
      expect(await comment.inputValue()).toBe(`Thank you @${a.username} `);
      await comment.pressSequentially('for sharing this');
      await birchPost.getByRole('button', { name: 'Comment', exact: true }).click();
      // If this ever times out again, the error says what the page showed instead (toasts, the thread).
      await birchPost
        .getByText(`Thank you @${a.username} for sharing this`)
        .waitFor()
        .catch(async (error: Error) => {
          const seen = {
            toasts: await toastTexts(birch.page),
            post: await birchPost.innerText().catch(() => '(gone)'),
          };
          throw new Error(`${error.message}\nThe page showed: ${JSON.stringify(seen)}`);
        });
      const postId = (await birchPost.getAttribute('data-post-id'))!;
      const detail = await api(mer.url, 'GET', `${FEED}/posts/${postId}`, undefined, a.auth);
      expect(detail.json.comments[0].comment.mentions.map((m: { userId: string }) => m.userId)).toEqual([
        a.id,
      ]);

      // A opens the comments (their count is not live: only reactions are) and reads B's, then edits the post.
      await alderPost.getByRole('button', { name: /^\d+ comments?$/ }).click();
      await alderPost.getByText(`Thank you @${a.username} for sharing this`).waitFor();
      await alderPost.getByRole('button', { name: /Post options/ }).click();
      await alder.page.getByRole('menuitem', { name: 'Edit' }).click();
      await alder.page.getByRole('textbox', { name: 'Edit your post' }).fill(edited);
      await alder.page.getByRole('button', { name: 'Save changes' }).click();
      const alderEdited = postOf(alder.page, edited);
      await alderEdited.getByText('· edited').waitFor();

      // B reports it; two more members report it through the API; it is hidden from the feed.
      await birchPost.getByRole('button', { name: /Post options/ }).click();
      await birch.page.getByRole('menuitem', { name: 'Report' }).click();
      await birch.page.getByRole('radio', { name: 'Not appropriate here' }).check();
      await birch.page.getByRole('button', { name: 'Send report' }).click();
      await waitForToast(birch.page, 'Thank you for your report');
      for (const member of [c, d]) {
        const report = await api(
          mer.url,
          'POST',
          `${FEED}/reports`,
          { targetType: 'post', targetId: postId, reason: 'Not appropriate here' },
          member.auth,
        );
        expect(report.status).toBe(201);
      }
      await birch.page.reload();
      await birch.page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
      await birch.page.getByText(/No posts here yet|You are all caught up/).waitFor();
      expect(await postOf(birch.page, first).count()).toBe(0);

      // A tags B on a photo of a new album (B is among the members A has met: B's comment).
      await alder.page.getByRole('link', { name: 'Albums' }).click();
      await waitForPath(alder.page, '/albums');
      await alder.page.getByLabel('New album').fill('Full moon circle');
      await alder.page.getByRole('button', { name: 'Create album' }).click();
      await alder.page.getByRole('heading', { name: 'Full moon circle' }).waitFor();
      await alder.page.getByTestId('album-photos').setInputFiles(`${PHOTO_FIXTURES}/coffee.png`);
      await alder.page.getByRole('button', { name: /Open photo 1 by/ }).click();
      await alder.page.getByRole('combobox', { name: 'Tag a member' }).selectOption({ value: b.id });
      await alder.page.getByRole('button', { name: 'Tag', exact: true }).click();
      await alder.page.getByRole('list', { name: 'Tagged members' }).getByText(b.name).waitFor();

      // B removes the tag from the community photos page.
      await birch.page.goto(`${mer.url}/photos`);
      await birch.page.getByRole('button', { name: /Open photo \d+ by .*, 1 tagged/ }).click();
      await birch.page.getByRole('button', { name: 'Remove my tag' }).click();
      await birch.page.getByText('Nobody is tagged yet.').waitFor();
      const photos = await api(mer.url, 'GET', `${FEED}/members/${b.id}/photos`, undefined, b.auth);
      expect(
        photos.json.photos.filter((p: { owner: { userId: string } }) => p.owner.userId !== b.id),
      ).toEqual([]);

      await alder.context.close();
      await birch.context.close();
    },
  );
});
