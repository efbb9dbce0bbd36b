// astronomia ships no type declarations; these cover the parts the chart engine uses.
declare module 'astronomia/pluto' {
  /** Heliocentric J2000 ecliptic coordinates of Pluto (Meeus ch. 37): radians and AU. */
  export function heliocentric(jde: number): { lon: number; lat: number; range: number };
  const pluto: { heliocentric: typeof heliocentric };
  export default pluto;
}
declare module 'astronomia/deltat' {
  /** ΔT = TT − UT1 in seconds for a decimal year (observed IERS/USNO values where tabulated). */
  export function deltaT(decimalYear: number): number;
  const deltat: { deltaT: typeof deltaT };
  export default deltat;
}
declare module 'astronomia/data/*' {
  const data: unknown;
  export default data;
}
