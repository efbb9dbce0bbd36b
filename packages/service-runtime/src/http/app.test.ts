import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoutes } from '@mer/contracts';
import { createServiceMetrics } from '../metrics.ts';
import { createLogger } from '../logger.ts';
import { answerToHeadersOnly } from '../testing/index.ts';
import { buildHttpApp, registerRoute, type App } from './app.ts';

const routes = defineRoutes('runtime-test', {
  note: {
    method: 'POST',
    path: '/api/v1/runtime-test/notes',
    summary: 'Keeps a note of a signed-in member',
    access: { kind: 'user', loginMessage: 'Please log in to keep notes' },
    body: Type.Object({ text: Type.String({ maxLength: 10 }) }, { additionalProperties: false }),
    response: { 201: Type.Object({ ok: Type.Boolean() }) },
  },
  feedback: {
    method: 'POST',
    path: '/api/v1/runtime-test/feedback',
    summary: 'Takes feedback from anyone',
    access: { kind: 'public' },
    body: Type.Object({ text: Type.String() }),
    response: { 201: Type.Object({ ok: Type.Boolean() }) },
  },
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
  // No verifier: every token is refused, which is all these tests need.
  app = buildHttpApp({
    name: 'runtime-test',
    logger: createLogger('runtime-test', 'silent'),
    metrics: createServiceMetrics('runtime_test'),
    bodyLimit: 1024,
  });
  registerRoute(app, routes.note, async () => ({ ok: true }));
  registerRoute(app, routes.feedback, async () => ({ ok: true }));
  registerRoute(app, routes.maybeNote, async (request) =>
    request.params.id === 'a' ? { text: 'hi' } : null,
  );
  registerRoute(app, routes.plainNote, async () => null);
  url = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
});

/** Only the headers of a POST announcing `length` bytes of JSON. */
const headersOnly = (path: string, length: number, authorization?: string) =>
  answerToHeadersOnly(
    `${url}/api/v1/runtime-test/${path}`,
    'POST',
    { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    length,
  );

describe('the HTTP app every service gets', () => {
  it("checks access before the body is read, in the route's own words, and closes the connection", async () => {
    for (const authorization of [undefined, 'Bearer not-a-token']) {
      const answer = await headersOnly('notes', 500, authorization);
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body).error).toMatchObject({
        code: 'authentication_error',
        message: 'Please log in to keep notes',
      });
      // The unread body would otherwise keep the connection busy and a graceful shutdown waiting.
      expect(answer.connection).toBe('close');
    }
  });

  it('answers a body announced over the limit with 413 at once and closes the connection', async () => {
    const answer = await headersOnly('feedback', 4096);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('request_too_large');
    expect(answer.connection).toBe('close');
  });

  it('keeps the connection open for an ordinary refusal whose body was read', async () => {
    const res = await fetch(`${url}/api/v1/runtime-test/nowhere`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(res.headers.get('connection')).not.toBe('close');
  });
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
