import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  activeChips,
  filtersFromSearch,
  isNarrowed,
  searchFromFilters,
} from './people-filters.ts';

describe('people filters in the URL', () => {
  it('round-trips every filter', () => {
    const filters = {
      ...EMPTY_FILTERS,
      q: 'ana',
      practice: 'Breathwork',
      cityId: 'c1',
      cityLabel: 'Lisbon, Portugal',
      radiusKm: 25,
      language: 'Portuguese',
      hdType: 'Projector',
      sunSign: 'Leo',
      newMembers: true,
    };
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
  });

  it('an empty search is no filters; a radius outside the choices falls back to 50 km', () => {
    expect(searchFromFilters(EMPTY_FILTERS)).toBe('');
    expect(filtersFromSearch('?city=c1&km=9999').radiusKm).toBe(50);
    expect(filtersFromSearch('?km=25').cityId).toBeNull();
  });

  it('cuts a very long query', () => {
    expect(filtersFromSearch(`?q=${'a'.repeat(500)}`).q).toHaveLength(100);
  });
});

describe('activeChips', () => {
  it('names each active filter and what clearing it resets', () => {
    const chips = activeChips({
      ...EMPTY_FILTERS,
      practice: 'Yoga',
      cityId: 'c1',
      cityLabel: 'Porto',
      newMembers: true,
    });
    expect(chips.map((c) => c.label)).toEqual(['Yoga', 'Within 50 km of Porto', 'New members']);
    expect(chips[1]!.clear).toEqual({ cityId: null, cityLabel: null, radiusKm: 50 });
    expect(isNarrowed(EMPTY_FILTERS)).toBe(false);
    expect(isNarrowed({ ...EMPTY_FILTERS, q: ' x ' })).toBe(true);
  });
});
