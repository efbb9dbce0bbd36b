import type { City } from '@mer/contracts';

/**
 * The world city list (GeoNames places of 1000+ inhabitants) held in memory in compact parallel arrays,
 * and its search. Pure: the records and the time-zone lookup come from src/adapters/city-data.ts. Why
 * memory and not Postgres: the list is read-only reference data shipped in npm packages; seeding 135k rows
 * into every schema (each test has its own) costs seconds per start, while a scan of the lower-cased names
 * takes a few milliseconds. No member data leaves MER: there is no external maps service.
 */

export interface CityRecord {
  cityId: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  population: number;
  latitude: number;
  longitude: number;
  /** GeoNames admin1 name (state, province, region): "Maine". */
  region: string | null;
  /** GeoNames admin2 name (county, district), known where a name repeats within one region. */
  district: string | null;
}

/** IANA time zone at coordinates (chart-engine's lookup, so a city and a chart at it agree). */
export type TimeZoneAt = (latitude: number, longitude: number) => string;

export interface CityIndex {
  search(query: string | undefined): City[];
  byId(id: string): City | undefined;
  size: number;
}

/** Spec 000 section 9: city results 20 by default, 10 when filtered. */
export const DEFAULT_CITY_RESULTS = 20;
export const FILTERED_CITY_RESULTS = 10;

/**
 * Ranking of a search (the spec only says "contains"): log10(population) plus a bonus for how the
 * query matches the name and for how much of the name it covers. One order of magnitude of population
 * weighs as much as one point here. So an exact name comes first unless a prefix match is about 1000
 * times bigger, and "Port" puts Porto (Portugal, 250k, 4 of 5 letters typed) before Port Harcourt
 * (1.1M, 4 of 13): what people typing a short name usually mean.
 */
const MATCH_BONUS = { exact: 3, prefix: 1, wordPrefix: 0.5, inside: 0 } as const;
const COVERAGE_WEIGHT = 2;
type MatchKind = keyof typeof MATCH_BONUS;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

// labelDetail values; 0: name and country only.
const LABEL_WITH_REGION = 1;
const LABEL_WITH_DISTRICT = 2;

/**
 * "Lisbon, Portugal", but "Lisbon, Maine, United States" where another place of the same country has
 * the same name, and "Lisbon, Columbiana County, Ohio, United States" where it is in the same region too:
 * the label is what the dropdown shows and what the profile keeps as the member's location.
 */
export function cityLabel(
  name: string,
  country: string,
  detail: { region: string | null; district: string | null },
): string {
  return [name, detail.district, detail.region, country].filter(Boolean).join(', ');
}

export function buildCityIndex(records: CityRecord[], timeZoneAt: TimeZoneAt): CityIndex {
  return indexOver(compact(records), timeZoneAt);
}

interface CompactCities {
  n: number;
  ids: Int32Array;
  population: Float64Array;
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
  /** Region names (a few thousand distinct), 0 meaning unknown. */
  regionOf: Uint16Array;
  regionNames: (string | null)[];
  districts: Map<number, string>;
  labelDetail: Uint8Array;
  /** City ids ascending, and the position of each: a lookup without a 135k-entry Map. */
  sortedIds: Int32Array;
  positionOfSorted: Int32Array;
}

/**
 * Parallel typed arrays and a few joined strings in population order: ~10 MB instead of the packages'
 * objects. In its own function so no closure keeps the records alive.
 */
function compact(records: CityRecord[]): CompactCities {
  // Biggest first: "the first 20" without a query, and what lets a search stop early.
  const order = records.map((_, i) => i).sort((a, b) => records[b]!.population - records[a]!.population);
  const n = order.length;
  const ids = new Int32Array(n);
  const population = new Float64Array(n);
  const lat = new Float32Array(n);
  const lon = new Float32Array(n);
  const countryOf = new Uint16Array(n);
  const countryCodes: string[] = [];
  const countryIndex = new Map<string, number>();
  const regionOf = new Uint16Array(n);
  const regionNames: (string | null)[] = [null];
  const regionIndex = new Map<string, number>();
  const districts = new Map<number, string>();
  const names: string[] = new Array(n);
  const lowerNames: string[] = new Array(n);
  const sameName = new Map<string, number[]>();
  order.forEach((source, i) => {
    const c = records[source]!;
    ids[i] = c.cityId;
    population[i] = c.population;
    // Names never hold a newline in GeoNames; replaced anyway so the joined strings stay aligned.
    names[i] = c.name.replace(/\n/g, ' ');
    lowerNames[i] = names[i]!.toLowerCase();
    let country = countryIndex.get(c.country);
    if (country === undefined) {
      country = countryCodes.push(c.country) - 1;
      countryIndex.set(c.country, country);
    }
    countryOf[i] = country;
    if (c.region) {
      let region = regionIndex.get(c.region);
      if (region === undefined) {
        region = regionNames.push(c.region) - 1;
        regionIndex.set(c.region, region);
      }
      regionOf[i] = region;
    }
    if (c.district) districts.set(i, c.district);
    lon[i] = c.longitude;
    lat[i] = c.latitude;
    const key = `${c.country}\n${lowerNames[i]}`;
    const group = sameName.get(key);
    if (group) group.push(i);
    else sameName.set(key, [i]);
  });
  // Which labels need the region (a namesake in the country) or the district too (one in the region).
  const labelDetail = new Uint8Array(n);
  for (const group of sameName.values()) {
    if (group.length < 2) continue;
    for (const i of group) {
      const namesakeInRegion = group.some((j) => j !== i && regionOf[j] === regionOf[i]);
      labelDetail[i] = namesakeInRegion && districts.has(i) ? LABEL_WITH_DISTRICT : LABEL_WITH_REGION;
    }
  }
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
  const lower = join(lowerNames);
  const byId = Array.from(ids.keys()).sort((a, b) => ids[a]! - ids[b]!);
  return {
    n,
    ids,
    population,
    lat,
    lon,
    joinedNames: original.joined,
    nameStarts: original.starts,
    haystack: lower.joined,
    lowerStarts: lower.starts,
    countryOf,
    countryCodes,
    regionOf,
    regionNames,
    districts,
    labelDetail,
    sortedIds: Int32Array.from(byId, (i) => ids[i]!),
    positionOfSorted: Int32Array.from(byId),
  };
}

/** The best `limit` candidates so far, best first (ties: the bigger city, i.e. the lower position). */
class TopCandidates {
  readonly items: { i: number; score: number }[] = [];
  constructor(private readonly limit: number) {}
  /** The score a new candidate must beat to enter (−∞ while there is room). */
  get threshold(): number {
    return this.items.length < this.limit ? -Infinity : this.items[this.items.length - 1]!.score;
  }
  offer(i: number, score: number): void {
    if (score <= this.threshold) return;
    let at = this.items.length;
    while (at > 0 && this.items[at - 1]!.score < score) at--;
    this.items.splice(at, 0, { i, score });
    if (this.items.length > this.limit) this.items.pop();
  }
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function indexOver(data: CompactCities, timeZoneAt: TimeZoneAt): CityIndex {
  const { n, ids, population, lat, lon, joinedNames, nameStarts, haystack, lowerStarts: starts } = data;
  const nameOf = (i: number) => joinedNames.slice(nameStarts[i]!, nameStarts[i + 1]! - 1);
  const lowerLength = (i: number) => starts[i + 1]! - 1 - starts[i]!;
  const countryCode = (i: number) => data.countryCodes[data.countryOf[i]!]!;
  const sizeScore = (i: number) => Math.log10(population[i]! + 1);
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
  // Looked up on first display only: a boundary lookup costs up to a few milliseconds.
  const timeZones = new Map<number, string>();

  const cityAt = (i: number): City => {
    const id = ids[i]!;
    let timeZone = timeZones.get(id);
    if (!timeZone) {
      timeZone = timeZoneAt(lat[i]!, lon[i]!);
      timeZones.set(id, timeZone);
    }
    const name = nameOf(i);
    const country = countryName(countryCode(i));
    const region = data.regionNames[data.regionOf[i]!] ?? null;
    const detail = data.labelDetail[i]!;
    return {
      id: String(id),
      name,
      country,
      countryCode: countryCode(i),
      region,
      label: cityLabel(name, country, {
        region: detail >= LABEL_WITH_REGION ? region : null,
        district: detail >= LABEL_WITH_DISTRICT ? (data.districts.get(i) ?? null) : null,
      }),
      latitude: Math.round(lat[i]! * 1e5) / 1e5,
      longitude: Math.round(lon[i]! * 1e5) / 1e5,
      timeZone,
    };
  };

  const score = (i: number, kind: MatchKind, queryLength: number) =>
    sizeScore(i) + MATCH_BONUS[kind] + (COVERAGE_WEIGHT * queryLength) / lowerLength(i);
  /** Where q occurs inside name i (not at its start): at the start of a word, or inside one. */
  const insideKind = (i: number, q: string): MatchKind => {
    const end = starts[i + 1]! - 1;
    for (
      let at = haystack.indexOf(q, starts[i]! + 1);
      at >= 0 && at + q.length <= end;
      at = haystack.indexOf(q, at + 1)
    ) {
      if (!LETTER_OR_DIGIT.test(haystack[at - 1]!)) return 'wordPrefix';
    }
    return 'inside';
  };

  return {
    size: n,
    search(query) {
      const q = (query ?? '').trim().toLowerCase();
      if (!q) return Array.from({ length: Math.min(DEFAULT_CITY_RESULTS, n) }, (_, i) => cityAt(i));
      if (q.includes('\n')) return [];
      const top = new TopCandidates(FILTERED_CITY_RESULTS);
      // Names are in population order, so once even the best possible match of the next name cannot enter
      // the top list, no later one can: each scan stops there.
      const bestPossible = (i: number, kind: MatchKind) => sizeScore(i) + MATCH_BONUS[kind] + COVERAGE_WEIGHT;
      const marker = '\n' + q;
      for (let at = haystack.indexOf(marker); at >= 0; at = haystack.indexOf(marker, at + 1)) {
        const i = cityAtOffset(at + 1);
        if (bestPossible(i, 'exact') <= top.threshold) break;
        top.offer(i, score(i, lowerLength(i) === q.length ? 'exact' : 'prefix', q.length));
      }
      let last = -1;
      for (let at = haystack.indexOf(q); at >= 0; at = haystack.indexOf(q, at + 1)) {
        const i = cityAtOffset(at);
        if (i === last) continue;
        last = i;
        if (bestPossible(i, 'wordPrefix') <= top.threshold) break;
        if (haystack.startsWith(q, starts[i])) continue;
        top.offer(i, score(i, insideKind(i, q), q.length));
      }
      return top.items.map(({ i }) => cityAt(i));
    },
    byId(id) {
      if (!/^\d{1,10}$/.test(id)) return undefined;
      const i = positionOfId(Number(id));
      return i === undefined ? undefined : cityAt(i);
    },
  };
}
