import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { calculateChart, type BirthInput } from '@mer/chart-engine';

/**
 * `npm run bench:charts`: full charts (time zone from coordinates, all positions, Ascendant/MC, and Human
 * Design with its 88° design moment) per second on one core. Inputs are spread over 1900–2025 and the
 * globe so no cache in the ephemeris makes it look better than it is.
 */
const CHARTS = Number(process.env.CHARTS ?? 2000);
const NOW = new Date('2026-01-01T00:00:00Z');

function inputs(n: number): BirthInput[] {
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, () => {
    const d = new Date(Date.UTC(1900, 0, 1) + rnd() * (Date.UTC(2025, 11, 31) - Date.UTC(1900, 0, 1)));
    return {
      birthDate: d.toISOString().slice(0, 10),
      birthTime: `${String(Math.floor(rnd() * 24)).padStart(2, '0')}:${String(Math.floor(rnd() * 60)).padStart(2, '0')}`,
      latitude: -60 + rnd() * 130,
      longitude: -180 + rnd() * 360,
    };
  });
}

const warm = inputs(200);
for (const i of warm) calculateChart(i, { now: NOW });

const all = inputs(CHARTS);
const start = performance.now();
const cpuStart = process.cpuUsage();
let checksum = 0;
for (const i of all) checksum += calculateChart(i, { now: NOW }).humanDesign!.personality.length;
const seconds = (performance.now() - start) / 1000;
// CPU time of this process: on a shared machine the wall clock also counts time spent waiting for a core.
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const [load1] = loadavg();
console.log(
  `chart-engine: ${CHARTS} full astrology + Human Design charts in ${seconds.toFixed(2)} s = ` +
    `${Math.round(CHARTS / seconds)} charts/s wall clock, ${Math.round(CHARTS / cpuSeconds)} charts per CPU-second on one core ` +
    `(load average ${load1!.toFixed(2)}, checksum ${checksum})`,
);
