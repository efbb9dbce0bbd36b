import { describe, expect, it } from 'vitest';
import { boundingBox, distanceKm } from './geo.ts';

describe('geo', () => {
  it('measures Lisbon to Porto at about 274 km', () => {
    expect(distanceKm(38.7167, -9.1333, 41.1496, -8.611)).toBeGreaterThan(270);
    expect(distanceKm(38.7167, -9.1333, 41.1496, -8.611)).toBeLessThan(280);
  });
  it('puts every point within the radius inside the box', () => {
    const box = boundingBox(38.7, -9.1, 50);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const rad = (bearing * Math.PI) / 180;
      const lat = 38.7 + (49.9 / 111.195) * Math.cos(rad);
      const lon = -9.1 + ((49.9 / 111.195) * Math.sin(rad)) / Math.cos((38.7 * Math.PI) / 180);
      expect(distanceKm(38.7, -9.1, lat, lon)).toBeLessThan(50.5);
      expect(lat >= box.minLat && lat <= box.maxLat).toBe(true);
      expect(lon >= box.minLon! && lon <= box.maxLon!).toBe(true);
    }
  });
  it('drops the longitude bounds across the antimeridian', () => {
    expect(boundingBox(0, 179.9, 100).minLon).toBeNull();
  });
});
