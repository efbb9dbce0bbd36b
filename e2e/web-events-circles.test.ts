/// <reference lib="dom" />
/**
 * Browser journey of events and circles (issue 16, the gatherings remote): Hana creates a circle on
 * /create-circle; the admin approves it (through the API; web-admin.test.ts approves in the admin's page); Bo and Cy join it on
 * /circles/{id}; Hana creates a weekly meetup series with 2 places on the Meetups tab, across Lisbon's next
 * daylight-saving change; Bo and Cy answer "going" to its first date and Hana, third, is waitlisted as number 1;
 * Bo cancels and Hana's open page turns to "You're going" live (through /ws). Hana also goes to the first date
 * after the change; the series' .ics (the page's download) and her subscribed feed (fetched without cookies, as a
 * calendar app does) parse with ical.js to 19:00 Lisbon time on both sides of the change, an hour apart in UTC.
 * The reminder goes out 1 hour before the first date on events-circles' controllable clock (TEST_CLOCK: the
 * operator route takes `now`) and reaches Hana's bell.
 *
 * Run: node --import tsx frontends/build/build-all.ts && npx vitest run --config e2e/vitest.config.ts
 * e2e/web-events-circles.test.ts (MER_E2E_SHOTS=<dir> keeps screenshots). Against a running MER
 * (MER_E2E_BASE_URL) its events-circles must have TEST_CLOCK=true.
 */
import { mkdir, readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHOTO_FIXTURES } from './support/fixtures.ts';
import { paidMember, type CommunityMember } from './support/community.ts';
import { logInViaForm } from './support/members.ts';
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

const EC = '/api/v1/events-circles';
const NOTIFICATIONS = '/api/v1/notifications-email/notifications';
const SHOTS = process.env.MER_E2E_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function signedIn(browser: Browser, mer: MerUnderTest, m: CommunityMember) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await logInViaForm(page, mer, m.email, m.password);
  await waitForPath(page, '/community');
  return { context, page };
}

/** Retries `attempt` until it returns true: events-circles learns of payments through billing's events. */
async function eventually(what: string, attempt: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await attempt())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * Waits until events-circles has heard (through billing's and profile-onboarding's events) that the member is paid
 * and onboarded. The probe changes nothing: joining a circle that does not exist is refused after the contributor
 * check (403 before it, 404 after).
 */
async function untilContributor(mer: MerUnderTest, m: CommunityMember) {
  await eventually(`events-circles knowing ${m.username} is a paid member`, async () => {
    const probe = await api(mer.url, 'POST', `${EC}/circles/${NO_SUCH_CIRCLE}/membership`, undefined, m.auth);
    return probe.status === 404;
  });
}
const NO_SUCH_CIRCLE = '00000000-0000-4000-8000-000000000000';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const LISBON = 'Europe/Lisbon';

/** Lisbon's UTC offset at an instant, as Intl names it ("GMT", "GMT+01:00"). */
function lisbonOffset(at: number): string {
  return new Intl.DateTimeFormat('en', { timeZone: LISBON, timeZoneName: 'longOffset' })
    .formatToParts(new Date(at))
    .find((part) => part.type === 'timeZoneName')!.value;
}

/**
 * The first date, at least two weeks ahead, on which Lisbon's clocks have changed overnight (a Sunday, at 01:00
 * UTC): a weekly series starting 12 days before it has two dates before the change and the rest after, whenever
 * the test runs.
 */
function nextClockChange(): number {
  const noonToday = Date.UTC(
    new Date().getUTCFullYear(),
    new Date().getUTCMonth(),
    new Date().getUTCDate(),
    12,
  );
  for (let day = 14; day < 400; day += 1) {
    const noon = noonToday + day * DAY;
    if (lisbonOffset(noon) !== lisbonOffset(noon - DAY)) return noon;
  }
  throw new Error('Europe/Lisbon has no daylight-saving change within a year');
}

const dateOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * The recurring VEVENT of an .ics as a calendar app reads it: ical.js with the file's own VTIMEZONEs, each date
 * expanded from DTSTART, RRULE and EXDATEs, as its wall-clock reading, zone and UTC instant.
 */
function seriesIn(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const recurring = calendar
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent))
    .filter((event) => event.isRecurring());
  expect(recurring).toHaveLength(1);
  const series = recurring[0]!;
  const dates: { local: string; zone: string | undefined; utc: number }[] = [];
  const each = series.iterator();
  for (let next = each.next(); next && dates.length < 50; next = each.next())
    dates.push({
      local: next.toString().slice(0, 16),
      zone: next.zone?.tzid,
      utc: next.toJSDate().getTime(),
    });
  return {
    startZone: series.startDate.zone?.tzid,
    rrule: String(series.component.getFirstPropertyValue('rrule')),
    dates,
  };
}

describe.skipIf(Boolean(unavailable) || !PHOTO_FIXTURES)('web: circles, meetups and RSVPs', () => {
  let mer: MerUnderTest;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // The controllable clock: the operator route that sends reminders may be told what time it is.
    mer = await startMer({ env: { TEST_CLOCK: 'true' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await mer?.stop();
  });

  it('a circle is created, approved and joined; a weekly meetup fills, waitlists and promotes; calendars and reminder', async () => {
    const [hana, bo, cy] = await Promise.all([
      paidMember(mer, 'hana'),
      paidMember(mer, 'bo'),
      paidMember(mer, 'cy'),
    ]);
    await Promise.all([hana, bo, cy].map((m) => untilContributor(mer, m)));

    // Hana creates the circle in the browser; it waits for approval.
    const hanaSide = await signedIn(browser, mer, hana);
    contexts.push(hanaSide.context);
    const hanaPage = hanaSide.page;
    const circleName = `Tuesday Sitters ${Date.now()}`;
    await hanaPage.goto(`${mer.url}/create-circle`);
    await hanaPage.getByRole('heading', { level: 1, name: 'Create a circle' }).waitFor();
    await hanaPage.getByRole('textbox', { name: /Circle name/ }).fill(circleName);
    await hanaPage
      .getByRole('textbox', { name: 'What is the circle about?' })
      .fill('We sit together on Tuesdays.');
    await hanaPage.getByRole('combobox', { name: 'City' }).fill('Lisbon');
    await hanaPage
      .getByRole('option', { name: /^Lisbon,/ })
      .first()
      .click();
    expect(await seriousA11yViolations(hanaPage)).toEqual([]);
    const waiting = hanaPage.getByRole('heading', { name: 'Your circle is waiting for approval' });
    await eventually('creating the circle', async () => {
      await hanaPage.getByRole('button', { name: 'Create circle' }).click();
      return waiting
        .waitFor({ timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
    });
    const circlePath = await hanaPage.getByRole('link', { name: 'Go to your circle' }).getAttribute('href');
    const circleId = circlePath!.split('/').pop()!;
    await shot(hanaPage, 'circle-created');

    // Not listed to others while pending.
    const pending = await api(mer.url, 'GET', `${EC}/circles?view=new`, undefined, bo.auth);
    expect(pending.json.circles.map((c: { id: string }) => c.id)).not.toContain(circleId);

    // The admin approves it through the API.
    const admin = mer.admin!;
    const adminLogin = await api(mer.url, 'POST', '/api/v1/identity/sessions', {
      identifier: admin.email,
      password: admin.password,
    });
    const adminAuth = { authorization: `Bearer ${adminLogin.json.accessToken}` };
    const approved = await api(
      mer.url,
      'PUT',
      `${EC}/review/circles/${circleId}`,
      { decision: 'approved' },
      adminAuth,
    );
    expect(approved.status).toBe(200);

    // Bo joins in the browser (from the circle's own page); Cy through the API.
    const boSide = await signedIn(browser, mer, bo);
    contexts.push(boSide.context);
    const boPage = boSide.page;
    await boPage.goto(`${mer.url}/circles/${circleId}`);
    await boPage.getByRole('heading', { level: 1, name: circleName }).waitFor();
    await boPage.getByRole('button', { name: 'Join circle' }).click();
    await boPage.getByRole('button', { name: 'Leave circle' }).waitFor();
    await eventually('Cy joining', async () => {
      const joined = await api(mer.url, 'POST', `${EC}/circles/${circleId}/membership`, undefined, cy.auth);
      return joined.status === 200 && joined.json.standing === 'member';
    });

    // Hana creates a weekly meetup series with 2 places, from the Meetups tab: 6 Tuesdays at 19:00 (the form's
    // default), 2 before Lisbon's next clock change and 4 after.
    const clockChange = nextClockChange();
    const firstDate = dateOf(clockChange - 12 * DAY);
    const afterChangeDate = dateOf(clockChange + 2 * DAY);
    await hanaPage.goto(`${mer.url}/circles/${circleId}/meetups`);
    await hanaPage.getByRole('tab', { name: 'Meetups', selected: true }).waitFor();
    await hanaPage.getByRole('button', { name: 'New meetup' }).click();
    const form = hanaPage.getByRole('form', { name: 'New meetup' });
    await form.getByRole('textbox', { name: 'Meetup title' }).fill('Tuesday sit');
    await form
      .getByRole('textbox', { name: 'About this meetup' })
      .fill('Twenty minutes of silence, then tea.');
    await form.getByRole('combobox', { name: 'City' }).fill('Lisbon');
    await hanaPage
      .getByRole('option', { name: /^Lisbon,/ })
      .first()
      .click();
    await form.getByRole('textbox', { name: 'Address' }).fill('Jardim da Estrela');
    await form.getByLabel('First date').fill(firstDate);
    await form.getByLabel('Repeats').selectOption('weekly');
    await form.getByRole('textbox', { name: 'Number of times' }).fill('6');
    await form.getByRole('textbox', { name: 'Places each time' }).fill('2');
    await form.getByRole('button', { name: 'Create meetup' }).click();
    const meetup = hanaPage.getByRole('region', { name: 'Tuesday sit' });
    await meetup.waitFor();
    // The tab shows the next dates of the series (the service decides how many); the first is the one answered.
    await meetup.getByTestId('occurrence').first().waitFor();
    expect(await meetup.getByTestId('occurrence').count()).toBeGreaterThan(1);
    await meetup.getByText(/times in Europe\/Lisbon/).waitFor();
    await shot(hanaPage, 'meetup-created');
    expect(await seriousA11yViolations(hanaPage)).toEqual([]);

    // Bo answers "going" to the first date in the browser, Cy through the API: the date is full.
    const meetups = await api(mer.url, 'GET', `${EC}/circles/${circleId}/meetups`, undefined, cy.auth);
    const meetupId: string = meetups.json.meetups[0].meetup.id;
    const first = meetups.json.meetups[0].occurrences[0] as { id: string; startsAt: string };
    await boPage.goto(`${mer.url}/circles/${circleId}/meetups/${meetupId}`);
    const boFirst = boPage.getByTestId('occurrence').first();
    await boFirst.getByRole('button', { name: /^Going to Tuesday sit on/ }).click();
    await boFirst.getByText("You're going").waitFor();
    const cyRsvp = await api(
      mer.url,
      'PUT',
      `${EC}/meetups/${meetupId}/occurrences/${first.id}/rsvp`,
      { status: 'going' },
      cy.auth,
    );
    expect(cyRsvp.status).toBe(200);
    expect(cyRsvp.json.attendance.myStatus).toBe('going');

    // Hana, third, sees it full (live) and is waitlisted as number 1.
    const hanaFirst = meetup.getByTestId('occurrence').first();
    await hanaFirst
      .getByText('Full: you can join the waitlist', { exact: false })
      .waitFor({ timeout: 5_000 });
    await hanaFirst.getByRole('button', { name: /^Join the waitlist of Tuesday sit on/ }).click();
    await hanaFirst.getByText("You're on the waitlist: number 1").waitFor();
    await shot(hanaPage, 'waitlisted');

    // Bo cancels; Hana's open page shows her promoted without a reload.
    const cancelledAt = Date.now();
    await boFirst.getByRole('button', { name: /^I can't go to Tuesday sit on/ }).click();
    await boFirst.getByText("You're not going").waitFor();
    await hanaFirst.getByText("You're going").waitFor({ timeout: 5_000 });
    console.log(
      `[web-events-circles] Hana promoted on her open page ${Date.now() - cancelledAt} ms after Bo cancelled`,
    );
    const attendees = await api(
      mer.url,
      'GET',
      `${EC}/meetups/${meetupId}/occurrences/${first.id}/attendees`,
      undefined,
      hana.auth,
    );
    expect(attendees.json.going.map((a: { member: { userId: string } }) => a.member.userId).sort()).toEqual(
      [cy.id, hana.id].sort(),
    );
    expect(attendees.json.waitlist).toEqual([]);

    // Hana also goes to the first date after the clock change; both read 19:00 on the page.
    const hanaAfter = meetup.getByTestId('occurrence').nth(2);
    await hanaAfter.getByRole('button', { name: /^Going to Tuesday sit on/ }).click();
    await hanaAfter.getByText("You're going").waitFor();
    expect(await hanaFirst.getAttribute('aria-label')).toMatch(/, 19:00–20:30 /);
    expect(await hanaAfter.getAttribute('aria-label')).toMatch(/, 19:00–20:30 /);

    // The series as an .ics from the page: weekly, in Lisbon time, 19:00 on both sides of the change while the UTC
    // instants move by an hour.
    const [download] = await Promise.all([
      hanaPage.waitForEvent('download'),
      meetup.getByRole('button', { name: 'Add to calendar (.ics)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tuesday-sit.ics');
    const ics = await readFile((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toMatch(/DTSTART;TZID=Europe\/Lisbon:/);
    expect(ics).toContain('BEGIN:VTIMEZONE');
    const downloaded = seriesIn(ics);
    expect(downloaded.startZone).toBe(LISBON);
    expect(downloaded.rrule).toMatch(/FREQ=WEEKLY/);
    expect(downloaded.dates).toHaveLength(6);
    const [before, , after] = downloaded.dates;
    expect(before).toMatchObject({ local: `${firstDate}T19:00`, zone: LISBON });
    expect(after).toMatchObject({ local: `${afterChangeDate}T19:00`, zone: LISBON });
    expect(Math.abs(after!.utc - before!.utc - 14 * DAY)).toBe(HOUR);

    // Her private feed, as a calendar app subscribes to it: the address on the page, fetched without cookies or
    // token. The series once, with its RRULE, and only her two dates (the others are EXDATEs).
    await meetup.getByRole('button', { name: 'Subscribe to my calendar' }).click();
    const feedAddress = (await meetup.getByLabel('Calendar address').textContent())!.trim();
    expect(feedAddress).toMatch(/^https?:\/\/.+\/calendar-feeds\/.+\.ics$/);
    expect(
      await meetup.getByRole('link', { name: 'Subscribe in your calendar app' }).getAttribute('href'),
    ).toBe(feedAddress.replace(/^https?:/, 'webcal:'));
    expect(await seriousA11yViolations(hanaPage)).toEqual([]);
    await shot(hanaPage, 'calendar-feed');
    const feedResponse = await fetch(feedAddress);
    expect(feedResponse.status).toBe(200);
    expect(feedResponse.headers.get('content-type')).toMatch(/^text\/calendar/);
    const feedIcs = await feedResponse.text();
    expect(feedIcs).toMatch(/DTSTART;TZID=Europe\/Lisbon:/);
    expect(feedIcs).toContain('EXDATE');
    const feed = seriesIn(feedIcs);
    expect(feed.rrule).toMatch(/FREQ=WEEKLY/);
    expect(feed.dates.map((d) => `${d.local} ${d.zone}`)).toEqual([
      `${firstDate}T19:00 ${LISBON}`,
      `${afterChangeDate}T19:00 ${LISBON}`,
    ]);
    expect(Math.abs(feed.dates[1]!.utc - feed.dates[0]!.utc - 14 * DAY)).toBe(HOUR);

    // The reminder, on the controllable clock: nothing 61 minutes before the first date; at 60 minutes, Cy's and
    // Hana's (Bo's went when he cancelled; Hana's for the later date is not due).
    const runReminders = (at: number) =>
      api(
        mer.url,
        'POST',
        `${EC}/ops/reminders/run`,
        { now: new Date(at).toISOString() },
        { 'x-operator-key': mer.operatorKey },
      );
    const firstStartsAt = Date.parse(first.startsAt);
    const early = await runReminders(firstStartsAt - 61 * 60_000);
    expect(early.status, JSON.stringify(early.json)).toBe(200);
    expect(early.json.sent).toBe(0);
    const due = await runReminders(firstStartsAt - 60 * 60_000);
    expect(due.json.sent).toBe(2);
    const reminderTitle = 'Starting in 1 hour: Tuesday sit';
    await eventually("Hana's reminder reaching notifications", async () => {
      const listed = await api(mer.url, 'GET', `${NOTIFICATIONS}?limit=20`, undefined, hana.auth);
      return listed.json.notifications.some((n: { title: string }) => n.title === reminderTitle);
    });
    await hanaPage.getByRole('button', { name: /^Notifications/ }).click();
    const bell = hanaPage.getByRole('region', { name: 'Notifications' });
    await bell.getByText(reminderTitle).waitFor({ timeout: 10_000 });
    await shot(hanaPage, 'reminder-in-bell');
  });
});
