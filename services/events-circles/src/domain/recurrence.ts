import type { Recurrence } from '@mer/contracts';
import rrulePackage, { type Options as RRuleOptions } from 'rrule';
import { addWallClockMinutes, localFields, localToUtc, wallClockMinutes } from './time.ts';

// rrule ships CommonJS: its named exports come through the default import under Node's ESM loader.
const { RRule, Weekday } = rrulePackage;

/*
 * Recurring meetups: the wizard's recurrence as an RFC 5545 RRULE (the rrule package), expanded into occurrences.
 * The rule is expanded on the wall clock ("floating" times, computed as if in UTC, where no day is 23 or 25 hours
 * long) and each wall-clock start is then placed in the meetup's zone. So a 19:00 weekly meetup stays at 19:00
 * local across daylight-saving changes, which is what members expect and what a calendar does with
 * DTSTART;TZID=...:RRULE.
 */

export const MAX_OCCURRENCES = 366;
/** A series without an end is expanded this far ahead. */
export const OPEN_SERIES_HORIZON_DAYS = 366;

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
type WeekdayCode = (typeof WEEKDAYS)[number];

export interface PlannedOccurrence {
  /** The wall-clock start the rule gave (the occurrence's identity in the series). */
  seriesLocalStart: string;
  startsAt: Date;
  endsAt: Date;
}

/** The problems a recurrence can have, in plain words (the route answers 400 with them). */
export function recurrenceProblem(recurrence: Recurrence, localStart: string): string | undefined {
  if (recurrence.until !== undefined && recurrence.count !== undefined)
    return 'Choose an end date or a number of occurrences, not both.';
  if (recurrence.until !== undefined && recurrence.until < localStart.slice(0, 10))
    return 'The series cannot end before its first meetup.';
  if (recurrence.frequency !== 'weekly' && recurrence.weekdays !== undefined)
    return 'Days of the week apply to weekly meetups only.';
  if (recurrence.frequency !== 'monthly' && recurrence.monthlyBy !== undefined)
    return '"Monthly by" applies to monthly meetups only.';
  return undefined;
}

function floating(local: string): Date {
  const f = localFields(local);
  return new Date(Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute));
}

function floatingToLocal(d: Date): string {
  return d.toISOString().slice(0, 16);
}

/** Monday = 0 … Sunday = 6 of a wall-clock date. */
function weekdayIndex(d: Date): number {
  return (d.getUTCDay() + 6) % 7;
}

function ruleOptions(recurrence: Recurrence, localStart: string): Partial<RRuleOptions> {
  const start = floating(localStart);
  const options: Partial<RRuleOptions> = {
    freq: { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY }[recurrence.frequency],
    interval: recurrence.interval ?? 1,
    dtstart: start,
    wkst: RRule.MO,
  };
  if (recurrence.frequency === 'weekly') {
    const days: readonly WeekdayCode[] = recurrence.weekdays ?? [WEEKDAYS[weekdayIndex(start)]!];
    options.byweekday = days.map((d) => WEEKDAYS.indexOf(d));
  }
  if (recurrence.frequency === 'monthly') {
    if (recurrence.monthlyBy === 'weekday') {
      // The same weekday of the same week of the month: the 2nd Tuesday; a start in the last 7 days is "the last".
      // The same weekday of the same week of the month (the 2nd Tuesday); a fifth one is "the last".
      const nth = Math.ceil(start.getUTCDate() / 7);
      options.byweekday = [new Weekday(weekdayIndex(start), nth >= 5 ? -1 : nth)];
    } else {
      options.bymonthday = [start.getUTCDate()];
    }
  }
  if (recurrence.count !== undefined) options.count = recurrence.count;
  if (recurrence.until !== undefined) options.until = floating(`${recurrence.until}T23:59`);
  return options;
}

/**
 * The RRULE (without DTSTART) calendars get beside DTSTART;TZID=<zone>: FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=10.
 * RFC 5545 wants UNTIL in UTC when DTSTART names a zone: the end date's last minute in the zone.
 */
export function rruleText(recurrence: Recurrence, localStart: string, zone: string): string {
  const { dtstart: _ignored, ...options } = ruleOptions(recurrence, localStart);
  if (recurrence.until !== undefined) {
    const until = localToUtc(`${recurrence.until}T23:59`, zone);
    if (until) options.until = until;
  }
  return new RRule(options).toString().replace(/^RRULE:/, '');
}

/**
 * The occurrences of a series (or the one of a single meetup) from its first wall-clock start, each lasting the
 * same wall-clock time, placed in `zone`; at most MAX_OCCURRENCES and, without an end, a year ahead.
 */
export function expandOccurrences(
  recurrence: Recurrence | null,
  localStart: string,
  localEnd: string,
  zone: string,
): PlannedOccurrence[] {
  const minutes = wallClockMinutes(localStart, localEnd);
  const starts: string[] = [];
  if (recurrence === null) {
    starts.push(localStart);
  } else {
    const rule = new RRule(ruleOptions(recurrence, localStart));
    const first = floating(localStart);
    const horizon = new Date(first.getTime() + OPEN_SERIES_HORIZON_DAYS * 86_400_000);
    rule.all((date, i) => {
      if (i >= MAX_OCCURRENCES || date > horizon) return false;
      starts.push(floatingToLocal(date));
      return true;
    });
  }
  return starts.flatMap((start) => {
    const startsAt = localToUtc(start, zone);
    const endsAt = localToUtc(addWallClockMinutes(start, minutes), zone);
    return startsAt && endsAt && endsAt > startsAt ? [{ seriesLocalStart: start, startsAt, endsAt }] : [];
  });
}
