import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeFile } from 'node:fs/promises';
import { createTestInfra, type TestInfra } from '@mer/service-runtime/testing';
import { allRoutes } from '@mer/contracts';
import { startGateway, type RunningGateway } from '../src/index.ts';
import { createFrontendsFixture, createTestTokens, echoRouteList, type TestTokens } from './support.ts';

let infra: TestInfra;
let tokens: TestTokens;
let built: RunningGateway;
let empty: RunningGateway;
let staticRoot: string;

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTestTokens();
  staticRoot = await createFrontendsFixture();
  const common = { verifier: tokens.verifier, bus: infra.bus, store: infra.store, logger: infra.logger };
  built = await startGateway({
    ...common,
    services: {},
    routes: echoRouteList,
    staticRoot,
    env: { MER_REMOTE_EVENTS_CIRCLES_URL: 'https://cdn.example.org/events-circles/remoteEntry.js' },
  });
  // Before any front end is built, and with the real contracts.
  empty = await startGateway({
    ...common,
    services: {},
    staticRoot: await mkdtemp(join(tmpdir(), 'mer-empty-')),
    env: {},
  });
});

afterAll(async () => {
  await built?.stop();
  await empty?.stop();
  await infra?.close();
});

describe('static hosting of the front ends', () => {
  it('serves the shell index at / without caching', async () => {
    const res = await fetch(`${built.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>MER shell</title>');
  });

  it('falls back to index.html for client-side routes, not for API, WebSocket or file paths', async () => {
    for (const path of ['/community/feed', '/login?next=%2Fme', '/people/abc/photos']) {
      const res = await fetch(`${built.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('MER shell');
    }
    for (const path of [
      '/api/v1/nothing',
      '/assets/missing-12345678.js',
      '/remotes/nope/remoteEntry.js',
      '/nothing.png',
    ]) {
      const res = await fetch(`${built.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('item_not_found');
    }
    const post = await fetch(`${built.url}/community/feed`, { method: 'POST' });
    expect(post.status).toBe(404);
    await post.arrayBuffer();
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await fetch(`${built.url}/assets/index-Abc123xY.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    const plain = Buffer.from(await res.arrayBuffer());
    // fetch decodes br itself; the body is the original script either way.
    expect(plain.toString()).toContain('console.log');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('prefers a precompressed sibling when one exists', async () => {
    const file = join(staticRoot, 'shell', 'dist', 'assets', 'pre-Qw3rTy12.js');
    const source = `export const x = ${JSON.stringify('y'.repeat(3000))};\n`;
    await writeFile(file, source);
    await writeFile(`${file}.gz`, gzipSync(source));
    const res = await fetch(`${built.url}/assets/pre-Qw3rTy12.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe(source);
  });

  it('serves remotes under /remotes/<name>/, the entry never cached', async () => {
    const entry = await fetch(`${built.url}/remotes/community/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${built.url}/remotes/community/assets/feed-Zz9_8-7q.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const traversal = await fetch(`${built.url}/remotes/community/..%2F..%2Fshell%2Fdist%2Findex.html`);
    expect([403, 404]).toContain(traversal.status);
    expect(await traversal.text()).not.toContain('MER shell');
  });

  it('serves /mf-config.js with each built remote and the env overrides', async () => {
    const res = await fetch(`${built.url}/mf-config.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const text = await res.text();
    const match = /^window\.__MER_REMOTES__ = (.*);\nwindow\.__MER_CONFIG__ = \{\};\n$/.exec(text);
    expect(JSON.parse(match![1]!)).toEqual({
      community: '/remotes/community/remoteEntry.js',
      'events-circles': 'https://cdn.example.org/events-circles/remoteEntry.js',
    });
  });

  it('shows a calm placeholder until the shell is built, with no inline script or style', async () => {
    for (const path of ['/', '/some/page']) {
      const res = await fetch(`${empty.url}${path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<title>MER</title>');
      expect(html).toContain('MER is being prepared');
      expect(html).not.toMatch(/<script|<style|style=/);
    }
    const css = await fetch(`${empty.url}/_mer/placeholder.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
    const config = await fetch(`${empty.url}/mf-config.js`);
    expect(await config.text()).toBe('window.__MER_REMOTES__ = {};\nwindow.__MER_CONFIG__ = {};\n');
  });
});

describe('odd requests at the edge', () => {
  it('answers in the error format for a malformed URL and a plain GET of /ws', async () => {
    const bad = await fetch(`${built.url}/api/v1/echo/things/%E0%A4%A`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_data');
    expect(bad.headers.get('content-security-policy')).toBeTruthy();
    const ws = await fetch(`${built.url}/ws`);
    expect(ws.status).toBe(426);
    expect(((await ws.json()) as { error: { code: string } }).error.code).toBe('invalid_data');
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await fetch(`${empty.url}/api/docs/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; security?: unknown[] }>>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    const expected = allRoutes.filter((r) => r.access.kind !== 'internal').map((r) => r.operationId);
    expect(operations.sort()).toEqual(expected.sort());
    expect(doc.paths['/api/v1/identity/users/{id}/permissions']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.schemas.ErrorBody).toBeDefined();
    expect(doc.components.securitySchemes.bearerAuth).toBeDefined();
  });

  it('serves Swagger UI from files only, under the site CSP', async () => {
    const page = await fetch(`${empty.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    expect(html).not.toMatch(/<script>[^<]/);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self';");
    // Its bundle injects a <style> element; only the docs allow that.
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect((await fetch(`${empty.url}/`)).headers.get('content-security-policy')).toContain(
      "style-src 'self';",
    );
    for (const file of ['static/swagger-ui-bundle.js', 'static/swagger-initializer.js', 'json']) {
      const res = await fetch(`${empty.url}/api/docs/${file}`);
      expect(res.status, file).toBe(200);
      await res.arrayBuffer();
    }
  });
});

describe('health and metrics', () => {
  it('answers /healthz, /readyz with no services, and /metrics', async () => {
    expect(await (await fetch(`${built.url}/healthz`)).json()).toEqual({ status: 'ok', service: 'gateway' });
    const ready = await fetch(`${built.url}/readyz`);
    expect(ready.status).toBe(200);
    const metrics = await (await fetch(`${built.url}/metrics`)).text();
    expect(metrics).toContain('mer_gateway_websocket_clients');
    expect(metrics).toContain('process_cpu_seconds_total');
  });

  it('compresses larger answers for clients that accept it', async () => {
    const res = await fetch(`${empty.url}/api/docs/openapi.json`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(((await res.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });
});
