import { DateTime } from 'luxon';

/*
 * Wall-clock times in a place's IANA zone and the UTC instants they stand for (luxon over the IANA data Node
 * carries). Events are stored as UTC with the zone's name beside them; what members read is always the wall clock
 * of the place, whatever their own zone.
 */

const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";

export function isKnownTimeZone(zone: string): boolean {
  return DateTime.local().setZone(zone).isValid;
}

/**
 * The instant a wall-clock time stands for in `zone`. A time that does not exist (skipped by a daylight-saving
 * change, 02:30 on the spring-forward night) moves forward by the gap, as clocks do; an ambiguous one (the
 * autumn hour that happens twice) is the first of the two.
 */
export function localToUtc(local: string, zone: string): Date | undefined {
  const dt = DateTime.fromFormat(local, LOCAL_FORMAT, { zone });
  return dt.isValid ? dt.toJSDate() : undefined;
}

/** The wall-clock reading of an instant in `zone` (YYYY-MM-DDTHH:mm). */
export function utcToLocal(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat(LOCAL_FORMAT);
}

/** A local time's fields, as the recurrence expansion reads them. */
export function localFields(local: string): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
} {
  const [date, time] = local.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { year, month, day, hour, minute };
}

/** Minutes between two wall-clock times (as read, ignoring zones: a 2-hour meetup stays 2 hours on the clock). */
export function wallClockMinutes(start: string, end: string): number {
  const a = DateTime.fromFormat(start, LOCAL_FORMAT, { zone: 'UTC' });
  const b = DateTime.fromFormat(end, LOCAL_FORMAT, { zone: 'UTC' });
  return Math.round(b.diff(a, 'minutes').minutes);
}

/** A wall-clock time plus minutes, as read on the clock. */
export function addWallClockMinutes(local: string, minutes: number): string {
  return DateTime.fromFormat(local, LOCAL_FORMAT, { zone: 'UTC' }).plus({ minutes }).toFormat(LOCAL_FORMAT);
}
