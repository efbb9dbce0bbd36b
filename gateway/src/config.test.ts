import { describe, expect, it } from 'vitest';
import { routesByService } from '@mer/contracts';
import { loadGatewayConfig, parseTrustProxy, serviceUrlsFromEnv } from './config.ts';

describe('gateway config', () => {
  it('derives SERVICE_URL_<NAME> for every service with routes', () => {
    const env = Object.fromEntries(
      Object.keys(routesByService).map((name) => [
        `SERVICE_URL_${name.toUpperCase().replace(/-/g, '_')}`,
        `http://${name}:4000/`,
      ]),
    );
    const { services, missing } = serviceUrlsFromEnv(env);
    expect(missing).toEqual([]);
    expect(services['notifications-email']).toBe('http://notifications-email:4000');
    expect(serviceUrlsFromEnv({}).missing).toContain('SERVICE_URL_IDENTITY');
  });

  it('prefers GATEWAY_PORT over PORT and validates numbers', () => {
    expect(loadGatewayConfig({ PORT: '9000' })).toMatchObject({ PORT: 9000, RATE_LIMIT_PER_MINUTE: 300 });
    expect(loadGatewayConfig({ PORT: '9000', GATEWAY_PORT: '8081' }).GATEWAY_PORT).toBe(8081);
    expect(() => loadGatewayConfig({ RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });

  it('reads TRUST_PROXY as a flag, a hop count or addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});
