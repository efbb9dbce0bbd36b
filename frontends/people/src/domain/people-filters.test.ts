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
      cityLabel: 'Lisbon, Portugal',
      latitude: 38.72,
      longitude: -9.14,
      radiusKm: 25,
      language: 'pt',
      languageLabel: 'Portuguese',
      hdType: 'Projector',
      sunSign: 'Leo',
      newMembers: true,
    };
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
  });

  it('an empty search is no filters; a radius outside the choices falls back to 50 km', () => {
    expect(searchFromFilters(EMPTY_FILTERS)).toBe('');
    expect(filtersFromSearch('?lat=1&lon=2&km=9999').radiusKm).toBe(50);
    expect(filtersFromSearch('?lat=1&km=25').latitude).toBeNull();
    expect(filtersFromSearch('?lat=95&lon=2').latitude).toBeNull();
    expect(filtersFromSearch('?lat=&lon=2').latitude).toBeNull();
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
      cityLabel: 'Porto',
      latitude: 41.15,
      longitude: -8.61,
      language: 'pt',
      languageLabel: 'Portuguese',
      newMembers: true,
    });
    expect(chips.map((c) => c.label)).toEqual([
      'Yoga',
      'Within 50 km of Porto',
      'Speaks Portuguese',
      'New members',
    ]);
    expect(chips[1]!.clear).toEqual({ cityLabel: null, latitude: null, longitude: null, radiusKm: 50 });
    expect(isNarrowed(EMPTY_FILTERS)).toBe(false);
    expect(isNarrowed({ ...EMPTY_FILTERS, q: ' x ' })).toBe(true);
  });
});
