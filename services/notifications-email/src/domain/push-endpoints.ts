/**
 * Which push services MER posts to. A subscription's endpoint is a URL the browser hands over, so without a check a
 * member could make the server send requests to any address it can reach (an internal one too). Browsers only use
 * their vendor's push service over https, so endpoints must be on one of those hosts.
 */

/** Chrome, Edge (Chromium), Opera, Brave, Samsung: FCM; Firefox: autopush; legacy Edge: WNS; Safari: Apple. */
export const DEFAULT_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
].join(',');

/**
 * Whether MER may post to `endpoint`, given the configured services (comma-separated): an entry without a scheme is
 * a host that the endpoint's https host equals or ends with (after a dot); an entry with one (`http://127.0.0.1`, a
 * local push service in tests) allows that scheme and host on any port.
 */
export function pushEndpointAllowed(endpoint: string, services: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return services
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) => {
      if (entry.includes('://')) {
        const allowed = new URL(entry);
        return url.protocol === allowed.protocol && url.hostname === allowed.hostname;
      }
      return url.protocol === 'https:' && (url.hostname === entry || url.hostname.endsWith(`.${entry}`));
    });
}
