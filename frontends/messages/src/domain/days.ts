import { formatDate, memberLocale } from '@mer/api-client';

/** The local calendar day of an instant, as a key ("2026-11-26"). */
export function dayKey(at: string | Date): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The day separator's words: 'Today', 'Yesterday', or the date. */
export function dayLabel(at: string, now = new Date()): string {
  const key = dayKey(at);
  if (key === dayKey(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday)) return 'Yesterday';
  return formatDate(at);
}

/** Whether a day separator goes before item `index` (the first item, and each first of a new day). */
export function startsNewDay(items: ReadonlyArray<{ createdAt: string }>, index: number): boolean {
  if (index === 0) return true;
  return dayKey(items[index - 1]!.createdAt) !== dayKey(items[index]!.createdAt);
}

/** The conversation list's time: the clock time today, the weekday within a week, else the date. */
export function listTime(at: string, now = new Date()): string {
  const d = new Date(at);
  if (dayKey(d) === dayKey(now))
    return d.toLocaleTimeString(memberLocale(), { hour: 'numeric', minute: '2-digit' });
  const days = (now.getTime() - d.getTime()) / 86_400_000;
  if (days < 7) return d.toLocaleDateString(memberLocale(), { weekday: 'short' });
  return formatDate(at);
}

/** A message's clock time ("14:05" or "2:05 PM", by the member's locale). */
export function clockTime(at: string): string {
  return new Date(at).toLocaleTimeString(memberLocale(), { hour: 'numeric', minute: '2-digit' });
}
