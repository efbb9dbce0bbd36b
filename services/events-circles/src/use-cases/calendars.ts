import { randomBytes } from 'node:crypto';
import type { CalendarFeed } from '@mer/contracts';
import { notFound } from '@mer/service-runtime';
import { renderCalendar, type CalendarEntry } from '../adapters/ical.ts';
import { ensureFeedToken, findFeedByToken, saveFeedToken } from '../db/calendar.repository.ts';
import { findEvents } from '../db/events.repository.ts';
import { allOccurrencesOf, findMeetups, findOccurrencesById } from '../db/meetups.repository.ts';
import { goingTargetsOf, rsvpsOf } from '../db/rsvps.repository.ts';
import type { EventRow, MeetupRow } from '../db/tables.ts';
import type { EventsCirclesDeps } from '../deps.ts';
import { plainText } from '../domain/rules.ts';
import { localToUtc } from '../domain/time.ts';
import { lockLiveMember, type Viewer } from './access.ts';
import { roleIn, visibleCircle } from './circles.ts';
import { visibleEvent } from './events.ts';

/*
 * Calendars: one event's .ics, one meetup series' .ics, and each member's private feed of everything they are going
 * to, at a secret URL they can reset (the old URL then answers 404). Addresses and links only reach attendees.
 */

const base = (deps: EventsCirclesDeps) => deps.config.PUBLIC_URL.replace(/\/$/, '');

function placeText(
  p: { address: string | null; online_url: string | null; city_label: string | null },
  insider: boolean,
): string | null {
  if (insider) return [p.address, p.city_label, p.online_url].filter(Boolean).join(', ') || null;
  return p.city_label;
}

function eventEntry(deps: EventsCirclesDeps, e: EventRow, insider: boolean): CalendarEntry {
  return {
    uid: `event-${e.id}@mer`,
    title: e.title,
    description: plainText(e.description),
    startsAt: e.starts_at,
    endsAt: e.ends_at,
    timeZone: e.time_zone,
    location: placeText(e, insider),
    url: `${base(deps)}/events/${e.id}`,
    cancelled: e.status === 'cancelled',
  };
}

export async function eventCalendar(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  eventId: string,
): Promise<string> {
  const event = await visibleEvent(deps.db, viewer, eventId);
  const mine = (await rsvpsOf(deps.db, viewer.userId, [eventId])).get(eventId);
  const insider = event.host_id === viewer.userId || viewer.reviewer || mine?.status === 'going';
  return renderCalendar(event.title, [eventEntry(deps, event, insider)]);
}

/**
 * A series as one VEVENT with its RRULE. `onlyOccurrences`: the occurrences to keep (a member's feed keeps those
 * they go to); every other one, and those cancelled or moved, are EXDATEs; moved ones the member keeps come as
 * VEVENTs of their own.
 */
async function seriesEntries(
  deps: EventsCirclesDeps,
  meetup: MeetupRow,
  insider: boolean,
  onlyOccurrences?: ReadonlySet<string>,
): Promise<CalendarEntry[]> {
  const occurrences = await allOccurrencesOf(deps.db, meetup.id);
  const first = occurrences[0];
  if (!first) return [];
  const url = `${base(deps)}/circles/${meetup.circle_id}/meetups/${meetup.id}`;
  const common = {
    title: meetup.title,
    description: plainText(meetup.description),
    timeZone: meetup.time_zone,
    location: placeText(meetup, insider),
    url,
  };
  const kept = (id: string) => !onlyOccurrences || onlyOccurrences.has(id);
  const standalone = occurrences.filter((o) => o.modified && o.status === 'scheduled' && kept(o.id));
  const excluded = occurrences.filter((o) => o.status === 'cancelled' || o.modified || !kept(o.id));
  const entries: CalendarEntry[] = [];
  if (meetup.rrule) {
    // DTSTART is the series' first wall-clock start: the rule counts from it (skipped ones are EXDATEs).
    entries.push({
      ...common,
      uid: `meetup-${meetup.id}@mer`,
      startsAt: localToUtc(meetup.local_start, meetup.time_zone) ?? first.starts_at,
      endsAt: localToUtc(meetup.local_end, meetup.time_zone) ?? first.ends_at,
      cancelled: meetup.status === 'cancelled',
      rrule: meetup.rrule,
      excludedLocalStarts: excluded.map((o) => o.series_local_start),
    });
  } else if (!first.modified && kept(first.id)) {
    entries.push({
      ...common,
      uid: `meetup-${meetup.id}@mer`,
      startsAt: first.starts_at,
      endsAt: first.ends_at,
      cancelled: first.status === 'cancelled' || meetup.status === 'cancelled',
    });
  }
  for (const o of standalone)
    entries.push({
      ...common,
      uid: `occurrence-${o.id}@mer`,
      startsAt: o.starts_at,
      endsAt: o.ends_at,
      cancelled: false,
    });
  return entries;
}

export async function meetupCalendar(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  meetupId: string,
): Promise<string> {
  const meetup = (await findMeetups(deps.db, [meetupId])).get(meetupId);
  if (!meetup) throw notFound('Meetup not found.');
  await visibleCircle(deps.db, viewer, meetup.circle_id);
  const insider = (await roleIn(deps.db, meetup.circle_id, viewer.userId)) !== undefined || viewer.reviewer;
  return renderCalendar(meetup.title, await seriesEntries(deps, meetup, insider));
}

const newToken = () => randomBytes(32).toString('base64url');
const feedUrl = (deps: EventsCirclesDeps, token: string) =>
  `${base(deps)}/api/v1/events-circles/calendar-feeds/${token}.ics`;

export async function myCalendarFeed(deps: EventsCirclesDeps, viewer: Viewer): Promise<CalendarFeed> {
  const row = await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    return ensureFeedToken(tx.trx, viewer.userId, newToken());
  });
  return { url: feedUrl(deps, row.token), createdAt: row.created_at.toISOString() };
}

export async function resetCalendarFeed(deps: EventsCirclesDeps, viewer: Viewer): Promise<CalendarFeed> {
  const row = await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    return saveFeedToken(tx.trx, viewer.userId, newToken());
  });
  return { url: feedUrl(deps, row.token), createdAt: row.created_at.toISOString() };
}

/** The feed behind a secret token: events and meetups the member is going to, addresses included (they attend). */
export async function calendarFeed(deps: EventsCirclesDeps, fileName: string): Promise<string> {
  const token = fileName.replace(/\.ics$/, '');
  const feed = await findFeedByToken(deps.db, token);
  if (!feed) throw notFound('Calendar feed not found.');
  const going = await goingTargetsOf(deps.db, feed.user_id);
  const events = await findEvents(
    deps.db,
    going.filter((r) => r.target_kind === 'event').map((r) => r.target_id),
  );
  const occurrences = await findOccurrencesById(
    deps.db,
    going.filter((r) => r.target_kind === 'occurrence').map((r) => r.target_id),
  );
  const meetups = await findMeetups(
    deps.db,
    occurrences.map((o) => o.meetup_id),
  );
  const mine = new Set(occurrences.map((o) => o.id));
  const entries: CalendarEntry[] = events
    .filter((e) => e.approval_status === 'approved')
    .map((e) => eventEntry(deps, e, true));
  for (const meetup of meetups.values()) entries.push(...(await seriesEntries(deps, meetup, true, mine)));
  return renderCalendar('MER: my events', entries);
}
