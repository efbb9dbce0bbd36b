import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoutes } from '@mer/contracts';
import { createServiceMetrics } from '../metrics.ts';
import { createLogger } from '../logger.ts';
import { buildHttpApp, registerRoute, type App } from './app.ts';

const routes = defineRoutes('runtime-test', {
  maybeNote: {
    method: 'GET',
    path: '/api/v1/runtime-test/notes/:id',
    summary: 'A note, or null while there is none',
    access: { kind: 'public' },
    params: Type.Object({ id: Type.String() }),
    response: { 200: Type.Union([Type.Object({ text: Type.String() }), Type.Null()]) },
  },
  plainNote: {
    method: 'GET',
    path: '/api/v1/runtime-test/plain/:id',
    summary: 'A route whose contract has no null',
    access: { kind: 'public' },
    params: Type.Object({ id: Type.String() }),
    response: { 200: Type.Object({ text: Type.String() }) },
  },
});

let app: App;
let url: string;

beforeAll(async () => {
  app = buildHttpApp({
    name: 'runtime-test',
    logger: createLogger('runtime-test', 'silent'),
    metrics: createServiceMetrics('runtime_test_null'),
    bodyLimit: 1024,
  });
  registerRoute(app, routes.maybeNote, async (request) =>
    request.params.id === 'a' ? { text: 'hi' } : null,
  );
  registerRoute(app, routes.plainNote, async () => null);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await app.close();
});

describe('an expected absence', () => {
  it('is answered 200 with JSON null where the contract admits null', async () => {
    const none = await fetch(`${url}/api/v1/runtime-test/notes/b`);
    expect(none.status).toBe(200);
    expect(none.headers.get('content-type')).toMatch(/application\/json/);
    expect(await none.json()).toBeNull();
    const some = await fetch(`${url}/api/v1/runtime-test/notes/a`);
    expect(await some.json()).toEqual({ text: 'hi' });
  });

  it('keeps an empty body where the contract has no null', async () => {
    const response = await fetch(`${url}/api/v1/runtime-test/plain/b`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});
