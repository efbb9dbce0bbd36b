import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventStatus } from 'ical-generator';
import { utcToLocal } from '../domain/time.ts';

/*
 * iCalendar documents (RFC 5545) through ical-generator: times as DTSTART;TZID=<place's zone> with the zone's
 * VTIMEZONE (from @touch4it/ical-timezones, the IANA data as iCalendar), so every calendar shows the place's wall
 * clock whatever its own zone, and a series as one VEVENT with its RRULE (occurrences left out as EXDATE).
 */

export interface CalendarEntry {
  uid: string;
  title: string;
  /** Plain text. */
  description: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** What the member may know of the place: the address for attendees, else the city. */
  location: string | null;
  url: string;
  cancelled: boolean;
  /** A series: its RRULE (without the RRULE: prefix) and the wall-clock starts it skips. */
  rrule?: string | undefined;
  excludedLocalStarts?: string[] | undefined;
}

const icalLocal = (local: string) => local.replace(/[-:]/g, '') + '00';

export function renderCalendar(name: string, entries: readonly CalendarEntry[]): string {
  const calendar = ical({ name, prodId: { company: 'MER', product: 'events-circles', language: 'EN' } });
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const e of entries) {
    let repeating: string | null = null;
    if (e.rrule) {
      repeating = `RRULE:${e.rrule}`;
      for (const local of e.excludedLocalStarts ?? [])
        repeating += `\r\nEXDATE;TZID=${e.timeZone}:${icalLocal(local)}`;
    }
    calendar.createEvent({
      id: e.uid,
      start: e.startsAt,
      end: e.endsAt,
      timezone: e.timeZone,
      summary: e.title,
      description: e.description,
      location: e.location,
      url: e.url,
      status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      repeating,
    });
  }
  return calendar.toString();
}

/** The wall-clock start of an occurrence as the EXDATE of its series names it. */
export const occurrenceLocalStart = (startsAt: Date, zone: string) => utcToLocal(startsAt, zone);
