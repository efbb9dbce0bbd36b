import { describe, expect, it } from 'vitest';
import { lastWeeks, weekStart } from './weeks.ts';

describe('weekStart', () => {
  it('is the Monday of the UTC week', () => {
    expect(weekStart(new Date('2026-11-26T15:00:00Z'))).toBe('2026-11-23'); // a Thursday
    expect(weekStart(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23'); // the Monday itself
    expect(weekStart(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23'); // the Sunday
    expect(weekStart(new Date('2027-01-01T10:00:00Z'))).toBe('2026-12-28'); // across a year
  });
  it('lists the last weeks oldest first', () => {
    expect(lastWeeks(new Date('2026-11-26T15:00:00Z'), 3)).toEqual([
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
  });
});
