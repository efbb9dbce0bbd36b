/**
 * The /people search: text and filter chips (practice, city within a radius, language, Human Design type, sun
 * sign, new members). Kept in the page's URL (?q=&practice=&city=&km=...) so a search can be shared, reloaded
 * and gone back to; the same object is the query sent to discovery and part of its cache key.
 */
export interface PeopleFilters {
  q: string;
  practice: string | null;
  /** A city picked from the list (its id) and its label for the chip. */
  cityId: string | null;
  cityLabel: string | null;
  radiusKm: number;
  language: string | null;
  hdType: string | null;
  sunSign: string | null;
  newMembers: boolean;
}

/** The radius choices for "near a city", in km; 50 km unless the member picks another. */
export const RADIUS_CHOICES_KM = [10, 25, 50, 100, 250] as const;
export const DEFAULT_RADIUS_KM = 50;
/** Longer search text is cut (the server refuses more). */
export const MAX_QUERY_LENGTH = 100;
/** Typing waits this long before searching (spec 001 section 5: search results are debounced 300 ms). */
export const SEARCH_DEBOUNCE_MS = 300;

export const EMPTY_FILTERS: PeopleFilters = {
  q: '',
  practice: null,
  cityId: null,
  cityLabel: null,
  radiusKm: DEFAULT_RADIUS_KM,
  language: null,
  hdType: null,
  sunSign: null,
  newMembers: false,
};

const text = (params: URLSearchParams, name: string): string | null => {
  const value = params.get(name)?.trim();
  return value ? value : null;
};

export function filtersFromSearch(search: string): PeopleFilters {
  const params = new URLSearchParams(search);
  const km = Number(params.get('km'));
  const cityId = text(params, 'city');
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    practice: text(params, 'practice'),
    cityId,
    cityLabel: cityId ? text(params, 'near') : null,
    radiusKm: (RADIUS_CHOICES_KM as readonly number[]).includes(km) ? km : DEFAULT_RADIUS_KM,
    language: text(params, 'language'),
    hdType: text(params, 'hd'),
    sunSign: text(params, 'sun'),
    newMembers: params.get('new') === '1',
  };
}

export function searchFromFilters(filters: PeopleFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.practice) params.set('practice', filters.practice);
  if (filters.cityId) {
    params.set('city', filters.cityId);
    if (filters.cityLabel) params.set('near', filters.cityLabel);
    if (filters.radiusKm !== DEFAULT_RADIUS_KM) params.set('km', String(filters.radiusKm));
  }
  if (filters.language) params.set('language', filters.language);
  if (filters.hdType) params.set('hd', filters.hdType);
  if (filters.sunSign) params.set('sun', filters.sunSign);
  if (filters.newMembers) params.set('new', '1');
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The active chips, each with the filter it clears, in the order they appear. */
export function activeChips(
  filters: PeopleFilters,
): Array<{ id: keyof PeopleFilters; label: string; clear: Partial<PeopleFilters> }> {
  const chips: Array<{ id: keyof PeopleFilters; label: string; clear: Partial<PeopleFilters> }> = [];
  if (filters.practice) chips.push({ id: 'practice', label: filters.practice, clear: { practice: null } });
  if (filters.cityId)
    chips.push({
      id: 'cityId',
      label: `Within ${filters.radiusKm} km of ${filters.cityLabel ?? 'the city'}`,
      clear: { cityId: null, cityLabel: null, radiusKm: DEFAULT_RADIUS_KM },
    });
  if (filters.language) chips.push({ id: 'language', label: filters.language, clear: { language: null } });
  if (filters.hdType) chips.push({ id: 'hdType', label: filters.hdType, clear: { hdType: null } });
  if (filters.sunSign)
    chips.push({ id: 'sunSign', label: `Sun in ${filters.sunSign}`, clear: { sunSign: null } });
  if (filters.newMembers)
    chips.push({ id: 'newMembers', label: 'New members', clear: { newMembers: false } });
  return chips;
}

/** Whether the member narrowed the search at all (an empty result then suggests loosening it). */
export function isNarrowed(filters: PeopleFilters): boolean {
  return filters.q.trim() !== '' || activeChips(filters).length > 0;
}

/**
 * The choices of the two cosmic chips. The same lists as contracts' ZODIAC_SIGNS and Human Design types;
 * copied because the browser must not bundle the TypeBox schemas they sit in (only members who share their
 * chart match these filters; the server decides that).
 */
export const SUN_SIGNS = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
] as const;
export const HD_TYPES = [
  'Manifestor',
  'Generator',
  'Manifesting Generator',
  'Projector',
  'Reflector',
] as const;
