import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_SERVICES, pushEndpointAllowed } from './push-endpoints.ts';

describe('push endpoints MER posts to', () => {
  it("takes the browsers' push services over https", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
      'https://web.push.apple.com/QGx',
    ])
      expect(pushEndpointAllowed(endpoint, DEFAULT_PUSH_SERVICES)).toBe(true);
  });

  it('refuses any other address: internal hosts, look-alikes, plain http, not a URL', () => {
    for (const endpoint of [
      'http://127.0.0.1:4007/api/v1/notifications-email/admin',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/send',
      'https://evilfcm.googleapis.com.example/x',
      'https://notgoogleapis.com/fcm',
      'http://fcm.googleapis.com/fcm/send/abc',
      'not a url',
    ])
      expect(pushEndpointAllowed(endpoint, DEFAULT_PUSH_SERVICES)).toBe(false);
  });

  it('takes a configured local push service with its scheme (tests), on any port', () => {
    const services = `${DEFAULT_PUSH_SERVICES},http://127.0.0.1`;
    expect(pushEndpointAllowed('http://127.0.0.1:39211/push/device-1', services)).toBe(true);
    expect(pushEndpointAllowed('http://localhost:39211/push/device-1', services)).toBe(false);
  });
});
