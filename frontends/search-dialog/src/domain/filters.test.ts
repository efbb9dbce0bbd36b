import { describe, expect, it } from 'vitest';
import { activeFilterCount, listOf } from './filters.ts';

describe('the filters count badge', () => {
  it('counts each chosen type, location and category, a date range and a non-default sort', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ sortBy: 'relevance' })).toBe(0);
    expect(
      activeFilterCount({
        types: ['event', 'circle'],
        locations: ['Berlin'],
        categories: ['Yoga'],
        dateRange: { start: '2026-01-01T00:00:00.000Z' },
        sortBy: 'date',
      }),
    ).toBe(6);
  });

  it('reads a comma-separated field as a list', () => {
    expect(listOf(' Berlin, ,Lisbon ')).toEqual(['Berlin', 'Lisbon']);
  });
});
