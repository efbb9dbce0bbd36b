import { describe, expect, it } from 'vitest';
import { mapsLink } from './maps-link.ts';

describe('the link that opens an event place in the member’s maps app', () => {
  const place = 'Rua da Rosa 12, Lisbon, Portugal';
  it('opens Apple Maps on iOS, a geo: intent on Android and OpenStreetMap elsewhere', () => {
    expect(mapsLink(place, 'ios')).toBe(
      'https://maps.apple.com/?q=Rua%20da%20Rosa%2012%2C%20Lisbon%2C%20Portugal',
    );
    expect(mapsLink(place, 'android')).toBe('geo:0,0?q=Rua%20da%20Rosa%2012%2C%20Lisbon%2C%20Portugal');
    expect(mapsLink(place, 'web')).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/search\?query=Rua%20da%20Rosa/,
    );
  });
});
