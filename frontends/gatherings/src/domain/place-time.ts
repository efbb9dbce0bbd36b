import { DateTime } from 'luxon';

/**
 * Times of events are written and shown in the time zone of the place (an event in Lisbon at 19:00 is at 19:00
 * Lisbon time for a member reading it in Berlin), stored as a UTC instant with the zone's name beside it.
 * Luxon does the zone arithmetic, daylight-saving changes included.
 */

/** A wall-clock date and time (`2026-03-29`, `19:00`) in `timeZone` → the UTC instant, or null if invalid. */
export function instantOf(date: string, time: string, timeZone: string): string | null {
  const local = DateTime.fromISO(`${date}T${time}`, { zone: timeZone });
  return local.isValid ? local.toUTC().toISO({ suppressMilliseconds: true }) : null;
}

/** "Sunday, 29 March 2026, 19:00" in the place's zone, with the zone's short name ("WEST"). */
export function placeTimeLabel(instant: string, timeZone: string, locale = 'en-GB'): string {
  const at = DateTime.fromISO(instant, { zone: 'utc' }).setZone(timeZone).setLocale(locale);
  return `${at.toFormat('cccc, d LLLL yyyy, HH:mm')} ${at.offsetNameShort ?? timeZone}`;
}

/** "19:00–21:00" or, across midnight or days, both ends in full; in the place's zone. */
export function timeRangeLabel(startsAt: string, endsAt: string | null, timeZone: string): string {
  const start = DateTime.fromISO(startsAt, { zone: 'utc' }).setZone(timeZone).setLocale('en-GB');
  const startText = `${start.toFormat('ccc d LLL yyyy, HH:mm')}`;
  if (!endsAt) return `${startText} (${start.offsetNameShort ?? timeZone})`;
  const end = DateTime.fromISO(endsAt, { zone: 'utc' }).setZone(timeZone).setLocale('en-GB');
  const endText = end.hasSame(start, 'day') ? end.toFormat('HH:mm') : end.toFormat('ccc d LLL yyyy, HH:mm');
  return `${startText}–${endText} (${start.offsetNameShort ?? timeZone})`;
}

/** The member's own time of the same instant, when their zone differs from the place's ("18:00 your time"). */
export function yourTimeLabel(instant: string, placeZone: string, yourZone: string): string | null {
  const place = DateTime.fromISO(instant, { zone: 'utc' }).setZone(placeZone);
  const yours = DateTime.fromISO(instant, { zone: 'utc' }).setZone(yourZone).setLocale('en-GB');
  if (place.offset === yours.offset) return null;
  return `${yours.toFormat('ccc HH:mm')} your time`;
}
