import { describe, expect, it } from 'vitest';
import { dayLabel, startsNewDay } from './days.ts';

describe('day separators', () => {
  const now = new Date(2026, 10, 26, 15, 0);
  it("says 'Today' and 'Yesterday', else the date", () => {
    expect(dayLabel(new Date(2026, 10, 26, 8, 0).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 25, 23, 0).toISOString(), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 20, 9, 0).toISOString(), now)).not.toMatch(/Today|Yesterday/);
  });

  it('puts one before the first message of each day', () => {
    const items = [
      { createdAt: new Date(2026, 10, 25, 9).toISOString() },
      { createdAt: new Date(2026, 10, 25, 10).toISOString() },
      { createdAt: new Date(2026, 10, 26, 9).toISOString() },
    ];
    expect(items.map((_, i) => startsNewDay(items, i))).toEqual([true, false, true]);
  });
});
