import type { Platform } from '@mer/design-system';

/**
 * The place of an event as text, with a link that hands it to the member's own maps app (MER shows no map and
 * sends the address nowhere: the member's device does, when they choose to open it). iPhones and iPads open Apple
 * Maps, Android devices offer their maps apps through the `geo:` scheme, and a computer opens OpenStreetMap's search.
 */
export function mapsLink(place: string, platform: Platform): string {
  const query = encodeURIComponent(place);
  if (platform === 'ios') return `https://maps.apple.com/?q=${query}`;
  if (platform === 'android') return `geo:0,0?q=${query}`;
  return `https://www.openstreetmap.org/search?query=${query}`;
}
