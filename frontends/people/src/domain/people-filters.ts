import { HUMAN_DESIGN_TYPES, ZODIAC_SIGNS } from '@mer/contracts';
/**
 * The /people search: text and filter chips (practice, city within a radius, language, Human Design type, sun
 * sign, new members). Kept in the page's URL (?q=&practice=&city=&km=...) so a search can be shared, reloaded
 * and gone back to; the same object is the query sent to discovery and part of its cache key.
 */
export interface PeopleFilters {
  q: string;
  practice: string | null;
  /** Near a city picked from the list: its label (for the chip) and coordinates (for the search). */
  cityLabel: string | null;
  latitude: number | null;
  longitude: number | null;
  radiusKm: number;
  /** A language id (ISO 639-1 code) and its name for the chip. */
  language: string | null;
  languageLabel: string | null;
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
  cityLabel: null,
  latitude: null,
  longitude: null,
  radiusKm: DEFAULT_RADIUS_KM,
  language: null,
  languageLabel: null,
  hdType: null,
  sunSign: null,
  newMembers: false,
};

const text = (params: URLSearchParams, name: string): string | null => {
  const value = params.get(name)?.trim();
  return value ? value : null;
};

const coordinate = (params: URLSearchParams, name: string, limit: number): number | null => {
  const raw = params.get(name);
  const value = raw === null || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
};

export function filtersFromSearch(search: string): PeopleFilters {
  const params = new URLSearchParams(search);
  const km = Number(params.get('km'));
  const latitude = coordinate(params, 'lat', 90);
  const longitude = coordinate(params, 'lon', 180);
  const near = latitude !== null && longitude !== null;
  const language = text(params, 'language');
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    practice: text(params, 'practice'),
    cityLabel: near ? text(params, 'near') : null,
    latitude: near ? latitude : null,
    longitude: near ? longitude : null,
    radiusKm: (RADIUS_CHOICES_KM as readonly number[]).includes(km) ? km : DEFAULT_RADIUS_KM,
    language,
    languageLabel: language ? (text(params, 'languageName') ?? language) : null,
    hdType: text(params, 'hd'),
    sunSign: text(params, 'sun'),
    newMembers: params.get('new') === '1',
  };
}

export function searchFromFilters(filters: PeopleFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.practice) params.set('practice', filters.practice);
  if (hasCity(filters)) {
    if (filters.cityLabel) params.set('near', filters.cityLabel);
    params.set('lat', String(filters.latitude));
    params.set('lon', String(filters.longitude));
    if (filters.radiusKm !== DEFAULT_RADIUS_KM) params.set('km', String(filters.radiusKm));
  }
  if (filters.language) {
    params.set('language', filters.language);
    if (filters.languageLabel) params.set('languageName', filters.languageLabel);
  }
  if (filters.hdType) params.set('hd', filters.hdType);
  if (filters.sunSign) params.set('sun', filters.sunSign);
  if (filters.newMembers) params.set('new', '1');
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function hasCity(filters: PeopleFilters): boolean {
  return filters.latitude !== null && filters.longitude !== null;
}

/** The active chips, each with the filter it clears, in the order they appear. */
export function activeChips(
  filters: PeopleFilters,
): Array<{ id: keyof PeopleFilters; label: string; clear: Partial<PeopleFilters> }> {
  const chips: Array<{ id: keyof PeopleFilters; label: string; clear: Partial<PeopleFilters> }> = [];
  if (filters.practice) chips.push({ id: 'practice', label: filters.practice, clear: { practice: null } });
  if (hasCity(filters))
    chips.push({
      id: 'cityLabel',
      label: `Within ${filters.radiusKm} km of ${filters.cityLabel ?? 'the city'}`,
      clear: { cityLabel: null, latitude: null, longitude: null, radiusKm: DEFAULT_RADIUS_KM },
    });
  if (filters.language)
    chips.push({
      id: 'language',
      label: `Speaks ${filters.languageLabel ?? filters.language}`,
      clear: { language: null, languageLabel: null },
    });
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

/** The choices of the two cosmic chips (only members who share their chart match them; the server decides that). */
export const SUN_SIGNS = ZODIAC_SIGNS;
export const HD_TYPES = HUMAN_DESIGN_TYPES;
