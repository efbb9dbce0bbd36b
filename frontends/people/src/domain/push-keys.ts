/** A VAPID public key (base64url, as the service gives it) as the bytes PushManager.subscribe expects. */
export function applicationServerKeyFrom(base64Url: string): Uint8Array<ArrayBuffer> {
  const padded = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The IANA time zones the browser knows, with the member's own first; UTC when the browser lists none. */
export function timeZoneChoices(own: string, supported: readonly string[]): string[] {
  const zones = supported.length > 0 ? [...supported] : ['UTC'];
  if (!zones.includes('UTC')) zones.push('UTC');
  return [own, ...zones.filter((z) => z !== own)];
}
