/** The Monday (UTC) of the week a moment falls in, as 'YYYY-MM-DD': the dashboard counts per week. */
export function weekStart(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** The last `count` week starts, oldest first, ending with the week of `now`. */
export function lastWeeks(now: Date, count: number): string[] {
  const current = new Date(`${weekStart(now)}T00:00:00Z`);
  const weeks: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(current);
    d.setUTCDate(d.getUTCDate() - 7 * i);
    weeks.push(d.toISOString().slice(0, 10));
  }
  return weeks;
}
