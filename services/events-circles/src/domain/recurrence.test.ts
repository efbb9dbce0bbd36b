import { describe, expect, it } from 'vitest';
import { expandOccurrences, recurrenceProblem, rruleText } from './recurrence.ts';
import { localToUtc, utcToLocal } from './time.ts';

describe('recurring meetups', () => {
  it('keeps the wall-clock time across a daylight-saving change (Lisbon, last Sunday of March)', () => {
    const occurrences = expandOccurrences(
      { frequency: 'weekly', count: 4 },
      '2026-03-17T19:00',
      '2026-03-17T21:00',
      'Europe/Lisbon',
    );
    expect(occurrences.map((o) => o.startsAt.toISOString())).toEqual([
      '2026-03-17T19:00:00.000Z',
      '2026-03-24T19:00:00.000Z',
      '2026-03-31T18:00:00.000Z',
      '2026-04-07T18:00:00.000Z',
    ]);
    expect(occurrences.map((o) => utcToLocal(o.endsAt, 'Europe/Lisbon'))).toEqual([
      '2026-03-17T21:00',
      '2026-03-24T21:00',
      '2026-03-31T21:00',
      '2026-04-07T21:00',
    ]);
  });

  it('expands weekly on chosen days until a date, monthly by weekday and by date, daily by count', () => {
    const weekly = expandOccurrences(
      { frequency: 'weekly', weekdays: ['TU', 'TH'], until: '2026-06-11' },
      '2026-06-02T08:00',
      '2026-06-02T09:00',
      'America/New_York',
    );
    expect(weekly.map((o) => o.seriesLocalStart)).toEqual([
      '2026-06-02T08:00',
      '2026-06-04T08:00',
      '2026-06-09T08:00',
      '2026-06-11T08:00',
    ]);
    const secondTuesday = expandOccurrences(
      { frequency: 'monthly', monthlyBy: 'weekday', count: 3 },
      '2026-01-13T18:30',
      '2026-01-13T19:30',
      'Europe/Berlin',
    );
    expect(secondTuesday.map((o) => o.seriesLocalStart)).toEqual([
      '2026-01-13T18:30',
      '2026-02-10T18:30',
      '2026-03-10T18:30',
    ]);
    const byDate = expandOccurrences(
      { frequency: 'monthly', count: 3 },
      '2026-01-31T10:00',
      '2026-01-31T11:00',
      'UTC',
    );
    // RFC 5545: a month without the 31st has no occurrence.
    expect(byDate.map((o) => o.seriesLocalStart)).toEqual([
      '2026-01-31T10:00',
      '2026-03-31T10:00',
      '2026-05-31T10:00',
    ]);
    expect(
      expandOccurrences({ frequency: 'daily', count: 400 }, '2026-01-01T07:00', '2026-01-01T08:00', 'UTC'),
    ).toHaveLength(366);
  });

  it('writes the rule calendars read, with UNTIL in UTC', () => {
    expect(
      rruleText({ frequency: 'weekly', weekdays: ['TU'], count: 10 }, '2026-03-17T19:00', 'Europe/Lisbon'),
    ).toBe('FREQ=WEEKLY;INTERVAL=1;WKST=MO;BYDAY=TU;COUNT=10');
    expect(
      rruleText({ frequency: 'daily', until: '2026-07-01' }, '2026-06-01T19:00', 'Europe/Lisbon'),
    ).toContain('UNTIL=20260701T225900Z');
  });

  it('names contradictory recurrences', () => {
    expect(
      recurrenceProblem({ frequency: 'daily', count: 2, until: '2027-01-01' }, '2026-01-01T10:00'),
    ).toBeDefined();
    expect(recurrenceProblem({ frequency: 'daily', weekdays: ['MO'] }, '2026-01-01T10:00')).toBeDefined();
    expect(recurrenceProblem({ frequency: 'weekly', until: '2025-12-01' }, '2026-01-01T10:00')).toBeDefined();
    expect(recurrenceProblem({ frequency: 'weekly', count: 3 }, '2026-01-01T10:00')).toBeUndefined();
  });

  it('moves a time skipped by the spring change forward', () => {
    expect(localToUtc('2026-03-29T01:30', 'Europe/Lisbon')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(localToUtc('2026-03-08T02:30', 'America/New_York')?.toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });
});
