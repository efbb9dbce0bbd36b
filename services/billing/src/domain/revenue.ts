/** The admins' monthly membership and revenue figures, free of I/O. Months are calendar months in UTC. */

export interface CalendarMonth {
  /** YYYY-MM */
  key: string;
  start: Date;
  /** The next month's start (exclusive). */
  end: Date;
}

/** The `count` calendar months up to and including the one `now` is in, oldest first. */
export function monthsUpTo(now: Date, count: number): CalendarMonth[] {
  const months: CalendarMonth[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    months.push({ key: start.toISOString().slice(0, 7), start, end });
  }
  return months;
}

export interface MembershipDates {
  started_at: Date;
  /** When access ends (or ended); null: no end known. */
  expires_at: Date | null;
  cancelled_at: Date | null;
}

/** Running at `at`: started by then and not yet ended. */
export function runningAt(m: MembershipDates, at: Date): boolean {
  return m.started_at <= at && (m.expires_at === null || m.expires_at > at);
}

const within = (date: Date | null, month: CalendarMonth) =>
  date !== null && date >= month.start && date < month.end;

export interface MonthCounts {
  newMemberships: number;
  cancellations: number;
  activeAtMonthEnd: number;
}

/** New, cancelled, and running at the month's end (the current month: now) per month. */
export function countMemberships(
  months: CalendarMonth[],
  memberships: MembershipDates[],
  now: Date,
): MonthCounts[] {
  return months.map((month) => {
    // The month's last instant, or now for the month still running.
    const endOfMonth = new Date(Math.min(month.end.getTime() - 1, now.getTime()));
    let newMemberships = 0;
    let cancellations = 0;
    let activeAtMonthEnd = 0;
    for (const m of memberships) {
      if (within(m.started_at, month)) newMemberships++;
      if (within(m.cancelled_at, month)) cancellations++;
      if (runningAt(m, endOfMonth)) activeAtMonthEnd++;
    }
    return { newMemberships, cancellations, activeAtMonthEnd };
  });
}

export interface Money {
  currency: string;
  amountCents: number;
}

/**
 * Monthly recurring revenue per currency: each running membership's price per period, yearly ones divided by 12
 * (rounded once per currency, to whole cents).
 */
export function monthlyRecurringRevenue(
  running: { amountCents: number; billingCycle: 'monthly' | 'yearly'; currency: string }[],
): Money[] {
  const perCurrency = new Map<string, number>();
  for (const m of running) {
    const monthly = m.billingCycle === 'yearly' ? m.amountCents / 12 : m.amountCents;
    perCurrency.set(m.currency, (perCurrency.get(m.currency) ?? 0) + monthly);
  }
  return [...perCurrency]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, cents]) => ({ currency, amountCents: Math.round(cents) }));
}
