/** Distances on the Earth for the discovery radius and the cards' "4 km apart". */

export const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  /** Null when the box spans every longitude (near a pole, or a radius this wide) or crosses the antimeridian. */
  minLon: number | null;
  maxLon: number | null;
}

/**
 * A box that contains every point within radiusKm of the centre: an index narrows candidates with it, and the
 * exact distance decides. The longitude bounds are dropped where they would wrap, which only costs speed.
 */
export function boundingBox(lat: number, lon: number, radiusKm: number): BoundingBox {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  const cosLat = Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180);
  if (cosLat < 1e-6 || minLat === -90 || maxLat === 90) return { minLat, maxLat, minLon: null, maxLon: null };
  const dLon = dLat / cosLat;
  const minLon = lon - dLon;
  const maxLon = lon + dLon;
  if (minLon < -180 || maxLon > 180) return { minLat, maxLat, minLon: null, maxLon: null };
  return { minLat, maxLat, minLon, maxLon };
}

/** Rounded for people to read: "under 1 km" is 1. */
export function roundedKm(km: number): number {
  return km < 1 ? 1 : km < 10 ? Math.round(km * 10) / 10 : Math.round(km);
}
