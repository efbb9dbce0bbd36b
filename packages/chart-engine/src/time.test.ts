import { describe, expect, it } from 'vitest';
import { timeZoneAt } from './time.ts';

/**
 * Towns on tricky time-zone borders, each expectation from a cited fact (IANA tz database comments in
 * zone1970.tab / the region files, and the legal boundary where one exists). tz-lookup, used before,
 * got Ushuaia, Tornio and Kykotsmovi wrong.
 */
const borderTowns: [town: string, latitude: number, longitude: number, zone: string, source: string][] = [
  // tz zone1970.tab: America/Argentina/Ushuaia "Tierra del Fuego (TF)"; Punta Arenas across the strait is Chilean Magallanes.
  [
    'Ushuaia, Argentina',
    -54.81084,
    -68.31591,
    'America/Argentina/Ushuaia',
    'zone1970.tab AR "Tierra del Fuego"',
  ],
  [
    'Punta Arenas, Chile',
    -53.1638,
    -70.9171,
    'America/Punta_Arenas',
    'zone1970.tab CL "Region of Magallanes"',
  ],
  // Spain keeps Central European time, Portugal Western European time (tz "europe": Spain, Portugal).
  ['Badajoz, Spain', 38.87789, -6.97061, 'Europe/Madrid', 'zone1970.tab ES "Spain (mainland)"'],
  ['Elvas, Portugal', 38.8815, -7.16282, 'Europe/Lisbon', 'zone1970.tab PT "Portugal (mainland)"'],
  ['Tui, Spain', 42.04713, -8.64435, 'Europe/Madrid', 'zone1970.tab ES "Spain (mainland)"'],
  ['Valença, Portugal', 42.03104, -8.64595, 'Europe/Lisbon', 'zone1970.tab PT "Portugal (mainland)"'],
  // Twin towns on the Torne river: Finland is on Eastern European time, Sweden on Central European time.
  ['Tornio, Finland', 65.84811, 24.14662, 'Europe/Helsinki', 'zone1970.tab FI'],
  ['Haparanda, Sweden', 65.83549, 24.13676, 'Europe/Stockholm', 'zone1970.tab SE'],
  // Kazakhstan's side of the Khorgos crossing; the Chinese side is Xinjiang (disputed: first zone of the data).
  ['Zharkent, Kazakhstan', 44.1666, 80.00655, 'Asia/Almaty', 'zone1970.tab KZ "most of Kazakhstan"'],
  // US: 49 CFR 71.9 (mountain zone) takes in the city of West Wendover, Nevada, out of Pacific time.
  ['West Wendover, Nevada', 40.7391, -114.07335, 'America/Denver', '49 CFR 71.9'],
  // Arizona keeps standard time except the Navajo Nation (tz "northamerica": Navajo observes DST);
  // the Hopi reservation inside it does not.
  ['Tuba City, Arizona (Navajo Nation)', 36.13499, -111.23986, 'America/Denver', 'tz northamerica, Arizona'],
  ['Kykotsmovi, Arizona (Hopi)', 35.8747, -110.6232, 'America/Phoenix', 'tz northamerica, Arizona'],
  // Indiana: Lake County (Gary) is central time (49 CFR 71.7); Marion County follows America/Indiana/Indianapolis.
  ['Gary, Indiana', 41.59337, -87.34643, 'America/Chicago', '49 CFR 71.7'],
  [
    'Indianapolis, Indiana',
    39.7684,
    -86.1581,
    'America/Indiana/Indianapolis',
    'zone1970.tab US "Indiana (most areas)"',
  ],
  ['Tell City, Indiana', 37.9514, -86.7678, 'America/Indiana/Tell_City', 'zone1970.tab US "Indiana (Perry)"'],
  [
    'New Salem, North Dakota',
    46.845,
    -101.4113,
    'America/North_Dakota/New_Salem',
    'zone1970.tab US "Central - ND (Morton rural)"',
  ],
  // El Paso is mountain time (49 CFR 71.9: Texas' El Paso and Hudspeth counties); Ciudad Juárez has its own zone since 2022.
  ['El Paso, Texas', 31.75872, -106.48693, 'America/Denver', '49 CFR 71.9'],
  [
    'Ciudad Juárez, Mexico',
    31.6904,
    -106.4245,
    'America/Ciudad_Juarez',
    'zone1970.tab MX "Chihuahua (US border - west)"',
  ],
];

describe('time zone at coordinates', () => {
  it.each(borderTowns)('%s (%f, %f) is in %s', (_town, latitude, longitude, zone) => {
    expect(timeZoneAt(latitude, longitude)).toBe(zone);
  });

  it('puts the Chinese side of the Khorgos crossing in a Chinese zone', () => {
    // The data gives Xinjiang both Asia/Urumqi ("Xinjiang Time", zone1970.tab CN) and Asia/Shanghai (Beijing
    // time, the official one): either is China's, and neither is Kazakhstan's Asia/Almaty a few km west.
    expect(['Asia/Shanghai', 'Asia/Urumqi']).toContain(timeZoneAt(44.05305, 80.87173));
  });

  it('answers a sea zone far from land and stays fast once the tiles are read', () => {
    expect(timeZoneAt(0, -30)).toBe('Etc/GMT+2');
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const points = Array.from({ length: 500 }, () => [random() * 120 - 55, random() * 360 - 180] as const);
    for (const [lat, lon] of points) timeZoneAt(lat, lon);
    const started = performance.now();
    for (const [lat, lon] of points) timeZoneAt(lat, lon);
    const perLookup = (performance.now() - started) / points.length;
    console.log(
      `time zone lookup: ${(perLookup * 1000).toFixed(0)} µs per point (500 random points, second pass)`,
    );
    expect(perLookup).toBeLessThan(5);
  });
});
