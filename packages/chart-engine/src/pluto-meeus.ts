import pluto from 'astronomia/pluto';
import type { Vec } from './ephemeris.ts';

/** Meeus ch. 37 (periodic terms fitted to DE200, stated for 1885–2099) via astronomia: heliocentric, J2000 ecliptic, AU. */
export function meeusPlutoHeliocentric(tt: number): Vec {
  const h = pluto.heliocentric(2451545 + tt);
  const rcb = h.range * Math.cos(h.lat);
  return [rcb * Math.cos(h.lon), rcb * Math.sin(h.lon), h.range * Math.sin(h.lat)];
}
