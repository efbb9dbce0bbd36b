import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { createTestInfra, type TestInfra } from '@mer/service-runtime/testing';
import type { RunningService } from '@mer/service-runtime';
import { startGateway, type RunningGateway } from '../src/index.ts';
import {
  createFrontendsFixture,
  createTestTokens,
  downRoutes,
  echoRouteList,
  startEchoService,
  type TestTokens,
} from './support.ts';

let infra: TestInfra;
let tokens: TestTokens;
let service: RunningService;
let gateway: RunningGateway;
let staticRoot: string;
let ipCounter = 0;
/** Each test speaks from its own address (the gateway trusts X-Forwarded-For here), so limits never collide. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTestTokens();
  service = await startEchoService(infra, tokens.verifier);
  staticRoot = await createFrontendsFixture();
  gateway = await startGateway({
    services: { echo: service.url, down: 'http://127.0.0.1:9' },
    routes: [...echoRouteList, ...Object.values(downRoutes)],
    verifier: tokens.verifier,
    bus: infra.bus,
    store: infra.store,
    logger: infra.logger,
    staticRoot,
    trustProxy: true,
    rateLimits: { perIp: 40, sensitivePerIp: 3, sensitiveRoutes: ['echo.signup'] },
    timeouts: { headersTimeoutMs: 400, bodyTimeoutMs: 400 },
  });
});

afterAll(async () => {
  await gateway?.stop();
  await service?.stop();
  await infra?.close();
});

async function call(path: string, init: RequestInit & { ip?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', init.ip ?? nextIp());
  return fetch(`${gateway.url}${path}`, { ...init, headers, redirect: 'manual' });
}

describe('REST forwarding', () => {
  it('forwards method, path, query and headers, and relays status, headers and body', async () => {
    const res = await call('/api/v1/echo/things/42?q=hello%20world&n=7', {
      headers: { 'x-custom': 'kept', 'accept-language': 'de' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(res.headers.get('cache-control')).toBe('private, max-age=5');
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as {
      method: string;
      url: string;
      params: unknown;
      query: unknown;
      headers: Record<string, string>;
    };
    expect(body.method).toBe('GET');
    expect(body.url).toBe('/api/v1/echo/things/42?q=hello%20world&n=7');
    expect(body.params).toEqual({ id: '42' });
    expect(body.query).toEqual({ q: 'hello world', n: 7 });
    expect(body.headers['x-custom']).toBe('kept');
    expect(body.headers['accept-language']).toBe('de');
    expect(body.headers['x-forwarded-proto']).toBe('http');
    expect(body.headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
    expect(body.headers['x-request-id']).toBe(res.headers.get('x-request-id'));
  });

  it('passes the client address it resolved, not a chain the client wrote', async () => {
    const res = await call('/api/v1/echo/things/1', { ip: '203.0.113.9' });
    const body = (await res.json()) as { headers: Record<string, string> };
    expect(body.headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('forwards the body as raw bytes and relays 201 with every set-cookie', async () => {
    const raw = '{"name":  "tea\\u00e9"}';
    const res = await call('/api/v1/echo/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw,
    });
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()).toEqual([
      'a=1; Path=/; HttpOnly',
      'b=2; Path=/; Secure; SameSite=Strict',
    ]);
    const body = (await res.json()) as { body: unknown; headers: Record<string, string> };
    expect(body.body).toEqual({ name: 'teaé' });
    expect(body.headers['content-length']).toBe(String(Buffer.byteLength(raw)));
  });

  it("relays the service's validation errors untouched", async () => {
    const res = await call('/api/v1/echo/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', extra: true }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { fields: { field: string }[] } } };
    expect(body.error.code).toBe('invalid_data');
    expect(body.error.details.fields[0]!.field).toBe('body.extra');
  });

  it('relays 204 without a body', async () => {
    const res = await call('/api/v1/echo/things/9', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });

  it('relays a large body intact, also to a client that reads slowly', async () => {
    const bytes = 8 * 1024 * 1024;
    const expected = Buffer.alloc(bytes);
    for (let i = 0; i < bytes; i++) expected[i] = (i * 7919) % 251;
    const res = await call(`/api/v1/echo/big?bytes=${bytes}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(expected)).toBe(true);

    const slow = await new Promise<Buffer>((resolve, reject) => {
      const req = httpRequest(
        `${gateway.url}/api/v1/echo/big?bytes=${bytes}`,
        { headers: { 'x-forwarded-for': nextIp() } },
        (r) => {
          const chunks: Buffer[] = [];
          r.pause();
          // Let the gateway's buffers fill so that it has to hold the service back.
          setTimeout(() => {
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => resolve(Buffer.concat(chunks)));
            r.resume();
          }, 300);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(slow.equals(expected)).toBe(true);
  });

  it('answers 413 in the error format for a body over the limit, and bad input never as a 500', async () => {
    const tooLarge = await call('/api/v1/echo/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe('request_too_large');

    for (const init of [
      { method: 'POST', body: 'name=x' },
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' },
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' },
    ] satisfies RequestInit[]) {
      const res = await call('/api/v1/echo/things', init);
      expect(res.status, JSON.stringify(init)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBeTruthy();
    }
  });

  it('answers HEAD for GET routes', async () => {
    const res = await call('/api/v1/echo/things/3', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('answers reads on the fast path with the same headers as the full path', async () => {
    // A plain GET takes the node:http fast path; a percent-escaped path goes through Fastify.
    const names = (res: Response) => {
      const found: string[] = [];
      res.headers.forEach((_value, name) => void (name !== 'date' && found.push(name)));
      return found.sort();
    };
    const fast = await call('/api/v1/echo/things/3');
    const full = await call('/api/v1/echo/things/%33');
    expect(fast.status).toBe(200);
    expect(full.status).toBe(200);
    expect(names(full)).toEqual(names(fast));
    expect(((await full.json()) as { url: string }).url).toBe('/api/v1/echo/things/%33');
    expect(((await fast.json()) as { url: string }).url).toBe('/api/v1/echo/things/3');
    // Errors answered at the edge: the same format and headers whichever path answered.
    const fastError = await call('/api/v1/echo/me');
    const fullError = await call('/api/v1/echo/m%65');
    expect(fastError.status).toBe(401);
    expect(fullError.status).toBe(401);
    expect(names(fullError)).toEqual(names(fastError));
    expect(await fullError.json()).toMatchObject({ error: { title: 'Authentication Error' } });
    expect(await fastError.json()).toMatchObject({ error: { title: 'Authentication Error' } });
  });

  it('strips hop-by-hop headers in both directions', async () => {
    const body = await new Promise<{ headers: Record<string, string> }>((resolve, reject) => {
      const req = httpRequest(
        `${gateway.url}/api/v1/echo/things/5`,
        {
          headers: {
            connection: 'keep-alive, x-hop',
            'x-hop': 'secret',
            te: 'trailers',
            'x-forwarded-for': nextIp(),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve(JSON.parse(text)));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(body.headers['x-hop']).toBeUndefined();
    expect(body.headers.te).toBeUndefined();
  });

  it('sets cache-control: no-store on API answers that name no caching', async () => {
    const token = await tokens.sign();
    const res = await call('/api/v1/echo/me', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('access at the edge', () => {
  it('401 without a token, in the error format, before reaching the service', async () => {
    const res = await call('/api/v1/echo/me');
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({
      code: 'authentication_error',
      title: 'Authentication Error',
      message: 'Please log in again to continue.',
      retryable: false,
    });
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('401 for a forged or expired token', async () => {
    const other = await createTestTokens();
    const forged = await other.sign();
    const expired = await tokens.sign({ expiresInSeconds: -60 });
    for (const token of [forged, expired, 'not-a-jwt']) {
      const res = await call('/api/v1/echo/me', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
    }
  });

  it('forwards a valid token; the service sees the same member', async () => {
    const sub = crypto.randomUUID();
    const token = await tokens.sign({ sub });
    const res = await call('/api/v1/echo/me', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: string; headers: Record<string, string> };
    expect(body.user).toBe(sub);
    expect(body.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('403 when the token lacks the permission', async () => {
    const member = await tokens.sign({ perms: ['users_update'] });
    const denied = await call('/api/v1/echo/admin', { headers: { authorization: `Bearer ${member}` } });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { error: { title: string } }).error.title).toBe('Permission Denied');
    const admin = await tokens.sign({ perms: ['system_admin'] });
    const allowed = await call('/api/v1/echo/admin', { headers: { authorization: `Bearer ${admin}` } });
    expect(allowed.status).toBe(200);
  });

  it('404 in the error format for unknown and internal routes', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/echo/nope'],
      ['POST', '/api/v1/echo/things/1'],
      ['GET', '/api/v1/echo/internal/state'],
      ['GET', '/api/v2/anything'],
    ] as const) {
      const res = await call(path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      const body = (await res.json()) as { error: { code: string; title: string } };
      expect(body.error.code).toBe('item_not_found');
      expect(body.error.title).toBe('Item Not Found');
    }
  });
});

describe('unavailable services', () => {
  it('503 Connection Error when nothing listens', async () => {
    const started = Date.now();
    const res = await call('/api/v1/down/ping');
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({
      code: 'connection_error',
      title: 'Connection Error',
      retryable: true,
    });
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('content-security-policy')).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('503 instead of a hang when the service does not answer in time', async () => {
    const started = Date.now();
    const res = await call('/api/v1/echo/slow?ms=2000');
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('cuts an answer whose service goes quiet halfway, so the client is not left waiting', async () => {
    const started = Date.now();
    const res = await call('/api/v1/echo/stall?ms=3000');
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('lets an answer that keeps arriving take longer than the timeouts', async () => {
    const res = await call('/api/v1/echo/stall?ms=250');
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('halfdone');
    const slowButSteady = await call('/api/v1/echo/slow?ms=300');
    expect(slowButSteady.status).toBe(200);
  });

  it('503 once a service stops, and forwarding again when one is back', async () => {
    const other = await startEchoService(infra, tokens.verifier);
    const second = await startGateway({
      services: { echo: other.url },
      routes: echoRouteList,
      verifier: tokens.verifier,
      bus: infra.bus,
      store: infra.store,
      logger: infra.logger,
      staticRoot,
    });
    try {
      expect((await fetch(`${second.url}/api/v1/echo/things/1`)).status).toBe(200);
      await other.stop();
      const res = await fetch(`${second.url}/api/v1/echo/things/1`);
      expect(res.status).toBe(503);
      const ready = await fetch(`${second.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'not ready', services: { echo: 'unreachable' } });
    } finally {
      await second.stop();
    }
  });
});

describe('rate limits', () => {
  it('limits each IP on /api and answers 429 in the error format with retry-after', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 42; i++) statuses.push((await call('/api/v1/echo/things/1', { ip })).status);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    const res = await call('/api/v1/echo/things/1', { ip });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await res.json()) as {
      error: Record<string, unknown> & { details: { retryAfterSeconds: number } };
    };
    expect(body.error).toMatchObject({
      code: 'too_many_requests',
      title: 'Too Many Requests',
      message: 'Please wait a moment before trying again',
      retryable: true,
    });
    expect(body.error.details.retryAfterSeconds).toBe(retryAfter);
    // Another address is not affected.
    expect((await call('/api/v1/echo/things/1')).status).toBe(200);
  });

  it('limits sensitive public POSTs more strictly', async () => {
    const ip = nextIp();
    const post = () =>
      call('/api/v1/echo/signup', {
        ip,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"a"}',
      });
    expect([(await post()).status, (await post()).status, (await post()).status]).toEqual([201, 201, 201]);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // The same address may still use the rest of the API.
    expect((await call('/api/v1/echo/things/1', { ip })).status).toBe(200);
  });
});

describe('security headers and request ids', () => {
  it('sends the strict document CSP and the usual headers on pages and files', async () => {
    for (const path of ['/', '/community/feed', '/mf-config.js', '/healthz', '/nothing.png', '/api/docs']) {
      const res = await call(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toMatch(/connect-src 'self' ws:\/\/localhost:8080/);
      if (path !== '/api/docs') expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('strict-transport-security')).toBeNull();
      await res.arrayBuffer();
    }
  });

  it('sends the stricter API set on API data, relayed or answered at the edge', async () => {
    const token = await tokens.sign();
    for (const [path, headers] of [
      ['/api/v1/echo/things/1', {}],
      ['/api/v1/echo/me', { authorization: `Bearer ${token}` }],
      ['/api/v1/echo/me', {}],
      ['/api/v1/echo/nope', {}],
      ['/api/v1/down/ping', {}],
    ] as const) {
      const res = await call(path, { headers });
      expect(res.headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('cache-control')).toBeTruthy();
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      await res.arrayBuffer();
    }
  });

  it("gives a service's HTML page the document set, replacing the service's own copies", async () => {
    const res = await call('/api/v1/echo/page');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')!.split(',')).toHaveLength(1);
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(await res.text()).toContain('Checkout');
  });

  it('sends HSTS only when the request came over HTTPS (via a trusted proxy)', async () => {
    const https = await call('/api/v1/echo/things/1', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const page = await call('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers.get('strict-transport-security')).toContain('max-age=31536000');
    const plain = await call('/api/v1/echo/things/1', { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('ignores X-Forwarded-* from clients when no proxy is trusted', async () => {
    const edge = await startGateway({
      services: { echo: service.url },
      routes: echoRouteList,
      verifier: tokens.verifier,
      bus: infra.bus,
      store: infra.store,
      logger: infra.logger,
      staticRoot,
    });
    try {
      const res = await fetch(`${edge.url}/api/v1/echo/things/1`, {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' },
      });
      expect(res.headers.get('strict-transport-security')).toBeNull();
      const body = (await res.json()) as { headers: Record<string, string> };
      expect(body.headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(body.headers['x-forwarded-proto']).toBe('http');
    } finally {
      await edge.stop();
    }
  });

  it('keeps a sane incoming request id end to end and replaces a hostile one', async () => {
    const given = await call('/api/v1/echo/things/1', { headers: { 'x-request-id': 'req-abc_123.4' } });
    expect(given.headers.get('x-request-id')).toBe('req-abc_123.4');
    expect(((await given.json()) as { headers: Record<string, string> }).headers['x-request-id']).toBe(
      'req-abc_123.4',
    );

    const hostile = await call('/api/v1/echo/things/1', {
      headers: { 'x-request-id': 'bad id\twith "quotes"' },
    });
    const id = hostile.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await hostile.json()) as { headers: Record<string, string> }).headers['x-request-id']).toBe(id);

    const error = await call('/api/v1/echo/me', { headers: { 'x-request-id': 'trace-1' } });
    expect(error.headers.get('x-request-id')).toBe('trace-1');
    expect(
      ((await error.json()) as { error: { details: { requestId: string } } }).error.details.requestId,
    ).toBe('trace-1');
  });

  it('answers CORS only for configured origins', async () => {
    const cors = await startGateway({
      services: { echo: service.url },
      routes: echoRouteList,
      verifier: tokens.verifier,
      bus: infra.bus,
      store: infra.store,
      logger: infra.logger,
      staticRoot,
      corsOrigins: ['https://app.example.org'],
    });
    try {
      const allowed = await fetch(`${cors.url}/api/v1/echo/things/1`, {
        headers: { origin: 'https://app.example.org' },
      });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.org');
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
      const other = await fetch(`${cors.url}/api/v1/echo/things/1`, {
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(`${cors.url}/api/v1/echo/things`, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example.org', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    } finally {
      await cors.stop();
    }
  });
});
