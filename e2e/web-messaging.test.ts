/// <reference lib="dom" />
/**
 * Browser journey of messaging (issue 17): two connected members in two browser contexts, one MER for the file.
 * A opens B's profile and sends a message; B's Conversations badge and list update live; B opens it (marked read)
 * and A sees 'Seen'; B replies while A is typing and A sees B typing; A edits and deletes a message and B sees
 * both live; A sends a photo alone, B sees it live and reacts, A sees the reaction. B's socket is cut while A sends 20 messages: on reconnect B shows all 20 once, in order. A member
 * who was blocked cannot message (the refusal is shown in the product's words).
 *
 * Run: node --import tsx frontends/build/build-all.ts && npx vitest run --config e2e/vitest.config.ts
 * e2e/web-messaging.test.ts (MER_E2E_SHOTS=<dir> keeps screenshots).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
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

const SG = '/api/v1/social-graph';
const MSG = '/api/v1/messaging';
const SHOTS = process.env.MER_E2E_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

type Member = Awaited<ReturnType<typeof onboardedMember>> & { userId: string };

/** An onboarded member with an active membership (paid at the built-in test checkout, as the membership page does). */
async function member(mer: MerUnderTest, prefix: string): Promise<Member> {
  const m = await onboardedMember(mer, prefix);
  const me = await api(mer.url, 'GET', '/api/v1/identity/me', undefined, m.auth);
  expect(me.status).toBe(200);
  const plans = await api(mer.url, 'GET', '/api/v1/billing/plans');
  const checkout = await api(
    mer.url,
    'POST',
    '/api/v1/billing/checkouts',
    { planId: plans.json.plans[0].id },
    m.auth,
  );
  expect(checkout.status).toBe(201);
  const checkoutId = new URL(checkout.json.url, mer.url).pathname.split('/').pop();
  const paid = await fetch(`${mer.url}/api/v1/billing/test-checkout/${checkoutId}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  await until(`${m.name}'s membership reaches social-graph`, async () => {
    const access = await api(mer.url, 'GET', `${SG}/me/access`, undefined, m.auth);
    return access.json?.canConnect === true;
  });
  return { ...m, userId: me.json.id };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A asks, B accepts: connected members see 'Message' on each other's profile. */
async function connect(mer: MerUnderTest, a: Member, b: Member) {
  await until(`${b.name} is known to social-graph`, async () => {
    const sent = await api(mer.url, 'POST', `${SG}/connection-requests`, { userId: b.userId }, a.auth);
    if (sent.status !== 201) return false;
    const accepted = await api(
      mer.url,
      'POST',
      `${SG}/connection-requests/${sent.json.requestId}/accept`,
      undefined,
      b.auth,
    );
    expect(accepted.status).toBe(200);
    return true;
  });
}

/**
 * A signed-in tab. `sockets` receives the page's /ws connections, proxied to the gateway through Playwright, so a
 * test can cut them (a network drop) and refuse new ones until it lets the member back on.
 */
async function signedIn(browser: Browser, mer: MerUnderTest, m: Member, options: { phone?: boolean } = {}) {
  const context = await newContext(browser, options);
  const link = { refuse: false, open: [] as WebSocketRoute[] };
  await context.routeWebSocket(/\/ws$/, (ws) => {
    if (link.refuse) {
      void ws.close({ code: 1001, reason: 'network down (test)' });
      return;
    }
    ws.connectToServer();
    link.open.push(ws);
  });
  const page = await context.newPage();
  await logInViaForm(page, mer, m.email, m.password);
  await waitForPath(page, '/community');
  return {
    context,
    page,
    /** Drops every open /ws connection and refuses new ones. */
    async cut() {
      link.refuse = true;
      for (const ws of link.open.splice(0)) await ws.close({ code: 1001, reason: 'network down (test)' });
    },
    restore() {
      link.refuse = false;
    },
  };
}

/** The texts of the messages shown in the open conversation, in order. */
async function shownMessages(page: Page): Promise<string[]> {
  return page.getByTestId('message-body').allInnerTexts();
}

describe.skipIf(Boolean(unavailable) || !PHOTO_FIXTURES)('web: messaging between two members', () => {
  let mer: MerUnderTest;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let a: Member;
  let b: Member;
  let conversationId: string;

  beforeAll(async () => {
    mer = await startMer();
    browser = await launchBrowser();
    a = await member(mer, 'alma');
    b = await member(mer, 'bruno');
    await connect(mer, a, b);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await mer?.stop();
  });

  it("A messages B from B's profile; B's badge and list follow live; Seen, typing, reply, edit, delete, a photo and a reaction", async () => {
    const bSide = await signedIn(browser, mer, b);
    contexts.push(bSide.context);
    const bPage = bSide.page;
    await bPage.goto(`${mer.url}/messages`);
    await bPage.getByRole('heading', { level: 1, name: 'Conversations' }).waitFor();
    await bPage.getByRole('heading', { name: 'No conversations yet' }).waitFor();

    const aSide = await signedIn(browser, mer, a);
    contexts.push(aSide.context);
    const aPage = aSide.page;
    await aPage.goto(`${mer.url}/profile/${b.userId}`);
    await aPage.getByRole('heading', { level: 1, name: b.name }).waitFor();
    await aPage.getByRole('link', { name: `Message ${b.name}` }).click();
    await waitForPath(aPage, /^\/messages\/[0-9a-f-]{36}$/);
    conversationId = new URL(aPage.url()).pathname.split('/').pop()!;
    await aPage.getByRole('heading', { level: 1, name: b.name }).waitFor();
    await aPage.getByText('No messages yet. Say hello!').waitFor();

    const composer = aPage.getByRole('textbox', { name: 'Write a message' });
    await composer.fill('Hello Bruno! The circle is at https://mer.org/circles/7');
    const sentAt = Date.now();
    await composer.press('Enter');
    await aPage.getByTestId('message-body').filter({ hasText: 'Hello Bruno!' }).waitFor();

    // B, on /messages, sees it arrive without a reload: the badge and the list (spec: within a second; the bound
    // here is looser because this machine is shared with other builds and browsers).
    const nav = bPage.getByRole('navigation', { name: 'Main' });
    await nav.getByText('1 unread message').waitFor({ timeout: 5_000 });
    const badgeMs = Date.now() - sentAt;
    const item = bPage
      .getByRole('list', { name: 'Your conversations' })
      .getByRole('link', { name: new RegExp(a.name) });
    await item
      .getByText('Hello Bruno! The circle is at https://mer.org/circles/7')
      .waitFor({ timeout: 5_000 });
    const listMs = Date.now() - sentAt;
    console.log(
      `[web-messaging] after A pressed Enter: B's badge ${badgeMs} ms, B's list ${listMs} ms (300 ms of it the spec's debounce)`,
    );
    expect(badgeMs).toBeLessThan(3_000);
    expect(listMs).toBeLessThan(3_000);
    expect(await item.getByText('1 unread message').count()).toBe(1);
    expect(await seriousA11yViolations(bPage)).toEqual([]);
    await shot(bPage, 'messages-list-1280');

    // B opens it: marked read, the badge goes, A sees 'Seen'. The link in it is clickable.
    await item.click();
    await waitForPath(bPage, `/messages/${conversationId}`);
    await bPage.getByRole('link', { name: 'https://mer.org/circles/7' }).waitFor();
    await bPage.getByRole('heading', { level: 2, name: 'Today' }).waitFor();
    await aPage.getByText('Seen', { exact: true }).waitFor({ timeout: 5_000 });
    await nav.getByText('1 unread message').waitFor({ state: 'detached', timeout: 5_000 });

    // A is typing (not sent yet) while B writes a reply: each sees the other typing; B's reply arrives live.
    await aPage
      .getByRole('textbox', { name: 'Write a message' })
      .pressSequentially('Also, bring', { delay: 30 });
    await bPage.getByText(`${a.name} is typing…`).waitFor({ timeout: 5_000 });
    const bComposer = bPage.getByRole('textbox', { name: 'Write a message' });
    await bComposer.pressSequentially('Thank you, Alma', { delay: 30 });
    await aPage.getByText(`${b.name} is typing…`).waitFor({ timeout: 5_000 });
    await bComposer.press('Enter');
    await aPage
      .getByTestId('message-body')
      .filter({ hasText: 'Thank you, Alma' })
      .waitFor({ timeout: 5_000 });
    await aPage
      .getByRole('textbox', { name: 'Write a message' })
      .pressSequentially(' a cushion', { delay: 10 });
    await aPage.getByRole('textbox', { name: 'Write a message' }).press('Enter');
    await bPage
      .getByTestId('message-body')
      .filter({ hasText: 'Also, bring a cushion' })
      .waitFor({ timeout: 5_000 });
    expect(await shownMessages(bPage)).toEqual([
      'Hello Bruno! The circle is at https://mer.org/circles/7',
      'Thank you, Alma',
      'Also, bring a cushion',
    ]);
    expect(await seriousA11yViolations(aPage)).toEqual([]);
    await shot(aPage, 'conversation-1280');

    // A edits the first message and deletes the last; B sees both live.
    await aPage.getByRole('button', { name: /^Edit your message: Hello Bruno!/ }).click();
    const editor = aPage.getByRole('textbox', { name: 'Edit your message' });
    await editor.fill('Hello Bruno! The circle is on Sunday');
    await aPage.getByRole('button', { name: 'Save' }).click();
    await bPage
      .getByTestId('message-body')
      .filter({ hasText: 'The circle is on Sunday' })
      .waitFor({ timeout: 5_000 });
    await bPage.getByText('(edited)').waitFor();
    await aPage.getByRole('button', { name: /^Delete your message: Also, bring/ }).click();
    await aPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await bPage.getByText('This message was deleted.').waitFor({ timeout: 5_000 });
    expect(await bPage.getByText('Also, bring a cushion').count()).toBe(0);
    expect(await shownMessages(bPage)).toEqual([
      'Hello Bruno! The circle is on Sunday',
      'Thank you, Alma',
      'This message was deleted.',
    ]);

    // A sends a photo alone (picked, previewed, sent); B sees it live, the stored JPEG loads, and B reacts.
    await aPage.getByTestId('message-photo-input').setInputFiles(join(PHOTO_FIXTURES!, 'coffee.png'));
    await aPage.getByRole('img', { name: 'Photo to send: coffee.png' }).waitFor();
    await aPage.getByRole('button', { name: 'Send', exact: true }).click();
    const photoSentAt = Date.now();
    const bPhoto = bPage.getByRole('log').getByRole('img', { name: `Photo from ${a.name}` });
    await bPhoto.waitFor({ timeout: 5_000 });
    console.log(
      `[web-messaging] A's photo shown to B after ${Date.now() - photoSentAt} ms (upload included)`,
    );
    expect(await bPhoto.getAttribute('src')).toMatch(
      /^\/api\/v1\/messaging\/photo-files\/[0-9a-f-]{36}\.jpg$/,
    );
    await until('the photo loads in B’s view', () =>
      bPhoto.evaluate(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      ),
    );
    const photoItem = bPage
      .getByRole('listitem')
      .filter({ has: bPage.getByRole('img', { name: `Photo from ${a.name}` }) });
    await photoItem.getByRole('button', { name: 'React to this message' }).click();
    await photoItem
      .getByRole('group', { name: 'Choose a reaction' })
      .getByRole('button', { name: 'Love' })
      .click();
    await aPage
      .getByRole('listitem')
      .filter({ has: aPage.getByRole('img', { name: 'Photo you sent' }) })
      .getByRole('button', { name: 'Love: 1' })
      .waitFor({ timeout: 5_000 });
  });

  it("B's socket drops while A sends 20 messages: after the reconnect B shows all 20 once, in order", async () => {
    const bSide = await signedIn(browser, mer, b, { phone: true });
    contexts.push(bSide.context);
    const bPage = bSide.page;
    await bPage.goto(`${mer.url}/messages/${conversationId}`);
    await bPage.getByTestId('message-body').filter({ hasText: 'Thank you, Alma' }).waitFor();
    // On a phone the navigation is hidden on a conversation.
    expect(await bPage.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    await shot(bPage, 'conversation-390');

    await bSide.cut();
    for (let n = 1; n <= 20; n += 1) {
      const sent = await api(
        mer.url,
        'POST',
        `${MSG}/conversations/${conversationId}/messages`,
        { body: `burst ${n}` },
        a.auth,
      );
      expect(sent.status).toBe(201);
    }
    await new Promise((r) => setTimeout(r, 500));
    const burst = (texts: string[]) => texts.filter((t) => t.startsWith('burst '));
    expect(burst(await shownMessages(bPage))).toEqual([]);

    bSide.restore();
    // The channel reconnects on its backoff (1, 2, 5, 10 s) and the view fetches what it missed.
    await bPage.getByTestId('message-body').filter({ hasText: 'burst 20' }).waitFor({ timeout: 20_000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(burst(await shownMessages(bPage))).toEqual(Array.from({ length: 20 }, (_, i) => `burst ${i + 1}`));
  });

  it('a member who was blocked cannot message: the refusal is shown', async () => {
    const blocked = await api(mer.url, 'POST', `${SG}/blocks`, { userId: a.userId }, b.auth);
    expect(blocked.status).toBe(204);
    await until('messaging hears of the block', async () => {
      const refused = await api(mer.url, 'POST', `${MSG}/conversations`, { memberId: b.userId }, a.auth);
      return refused.status === 403;
    });

    const aSide = await signedIn(browser, mer, a);
    contexts.push(aSide.context);
    const aPage = aSide.page;
    // In the existing conversation: the message is rolled back with 'Failed to send message' and the reason.
    await aPage.goto(`${mer.url}/messages/${conversationId}`);
    await aPage.getByTestId('message-body').filter({ hasText: 'burst 20' }).waitFor();
    const composer = aPage.getByRole('textbox', { name: 'Write a message' });
    await composer.fill('Are you there?');
    await composer.press('Enter');
    const failed = aPage.getByRole('alert').filter({ hasText: 'Failed to send message' }).first();
    await failed.getByText('You cannot message this member.').waitFor({ timeout: 5_000 });
    expect(await aPage.getByTestId('message-body').filter({ hasText: 'Are you there?' }).count()).toBe(0);
    await failed.getByRole('button', { name: 'Retry' }).waitFor();

    // Starting a conversation (the people cards' 'Message' link) is refused in the same words.
    await aPage.goto(`${mer.url}/messages?to=${b.userId}`);
    const alert = aPage.getByRole('alert').filter({ hasText: 'Failed to create conversation' }).first();
    await alert.getByText('You cannot message this member.').waitFor({ timeout: 5_000 });
    await aPage.getByRole('heading', { level: 1, name: 'Conversations' }).waitFor();
  });
});
