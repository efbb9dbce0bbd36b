import { describe, expect, it } from 'vitest';
import { countMemberships, monthlyRecurringRevenue, monthsUpTo } from './revenue.ts';

const at = (iso: string) => new Date(iso);

describe('monthsUpTo', () => {
  it('lists calendar months in UTC, oldest first, across a year boundary', () => {
    const months = monthsUpTo(at('2027-01-31T23:30:00Z'), 3);
    expect(months.map((m) => m.key)).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(months[0]!.start.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(months[2]!.end.toISOString()).toBe('2027-02-01T00:00:00.000Z');
  });
});

describe('countMemberships', () => {
  const now = at('2026-11-20T12:00:00Z');
  const months = monthsUpTo(now, 2); // October, November
  it('counts starts and cancellations in their month, and memberships running at each month end (now for this one)', () => {
    const counts = countMemberships(
      months,
      [
        // started in October, still running
        {
          started_at: at('2026-10-03T00:00:00Z'),
          expires_at: at('2026-12-03T00:00:00Z'),
          cancelled_at: null,
        },
        // started in October, cancelled in November, access until December
        {
          started_at: at('2026-10-31T23:59:59Z'),
          expires_at: at('2026-12-01T00:00:00Z'),
          cancelled_at: at('2026-11-02T00:00:00Z'),
        },
        // lapsed at the very end of October: not running at its last instant
        {
          started_at: at('2026-09-01T00:00:00Z'),
          expires_at: at('2026-10-31T23:59:59.999Z'),
          cancelled_at: null,
        },
        // started today and already ended an hour ago
        {
          started_at: at('2026-11-20T00:00:00Z'),
          expires_at: at('2026-11-20T11:00:00Z'),
          cancelled_at: null,
        },
      ],
      now,
    );
    expect(counts).toEqual([
      { newMemberships: 2, cancellations: 0, activeAtMonthEnd: 2 },
      { newMemberships: 1, cancellations: 1, activeAtMonthEnd: 2 },
    ]);
  });
});

describe('monthlyRecurringRevenue', () => {
  it('adds monthly prices and a twelfth of yearly ones per currency, rounded once', () => {
    expect(
      monthlyRecurringRevenue([
        { amountCents: 1200, billingCycle: 'monthly', currency: 'EUR' },
        { amountCents: 1000, billingCycle: 'yearly', currency: 'EUR' },
        { amountCents: 1000, billingCycle: 'yearly', currency: 'EUR' },
        { amountCents: 500, billingCycle: 'monthly', currency: 'USD' },
      ]),
    ).toEqual([
      { currency: 'EUR', amountCents: 1367 },
      { currency: 'USD', amountCents: 500 },
    ]);
    expect(monthlyRecurringRevenue([])).toEqual([]);
  });
});
