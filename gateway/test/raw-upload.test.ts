import { createHash, randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoutes } from '@mer/contracts';
import { defineService, registerRoute, startService, type RunningService } from '@mer/service-runtime';
import { answerToHeadersOnly, createTestInfra, type TestInfra } from '@mer/service-runtime/testing';
import { startGateway, type RunningGateway } from '../src/index.ts';
import { createTestTokens, type TestTokens } from './support.ts';

const MAX = 10_485_760;

/** A route taking raw bytes like the photo upload: the gateway must pass 10 MB through untouched. */
const uploadRoutes = defineRoutes('uploads', {
  upload: {
    method: 'POST',
    path: '/api/v1/uploads/files',
    summary: 'Answers the size and digest of the bytes received',
    access: { kind: 'user', loginMessage: 'You must be logged in to upload images' },
    rawBody: {
      contentTypes: ['image/jpeg'],
      maxBytes: MAX,
      tooLargeMessage: 'File size must be less than 10MB',
    },
    response: {
      201: Type.Object({ bytes: Type.Integer(), sha256: Type.String(), contentType: Type.String() }),
    },
  },
});

const uploadService = defineService({
  name: 'uploads',
  bodyLimit: MAX,
  routes(app) {
    app.addContentTypeParser(/^image\//, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    registerRoute(app, uploadRoutes.upload, async (request) => {
      const body = request.body as Buffer;
      return {
        bytes: body.length,
        sha256: createHash('sha256').update(body).digest('hex'),
        contentType: String(request.headers['content-type']),
      };
    });
  },
});

let infra: TestInfra;
let tokens: TestTokens;
let service: RunningService;
let gateway: RunningGateway;

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTestTokens();
  service = await startService(uploadService, {
    databases: infra.databases,
    bus: infra.bus,
    store: infra.store,
    logger: infra.logger,
    schema: infra.schemaFor('uploads'),
    verifier: tokens.verifier,
    env: { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' },
  });
  gateway = await startGateway({
    services: { uploads: service.url },
    routes: Object.values(uploadRoutes),
    verifier: tokens.verifier,
    bus: infra.bus,
    store: infra.store,
    logger: infra.logger,
  });
});

afterAll(async () => {
  await gateway?.stop();
  await service?.stop();
  await infra?.close();
});

const post = async (body: Buffer, token?: string) =>
  fetch(`${gateway.url}/api/v1/uploads/files`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: new Uint8Array(body),
  });

describe('raw uploads through the gateway', () => {
  it('forwards a 10 MB raw body byte for byte, though the default body limit is 1 MiB', async () => {
    const bytes = randomBytes(MAX);
    const res = await post(bytes, await tokens.sign());
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      bytes: MAX,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      contentType: 'image/jpeg',
    });
  });

  it("answers 10 MB + 1 byte with 413 and the route's own message", async () => {
    const res = await post(Buffer.alloc(MAX + 1), await tokens.sign());
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({
      code: 'request_too_large',
      message: 'File size must be less than 10MB',
    });
  });

  it("turns a caller without a valid login away with the route's words before reading the body", async () => {
    // Only the headers of a 10 MB upload are sent: an answer proves the body was never waited for.
    const answer = (authorization?: string) =>
      answerToHeadersOnly(
        `${gateway.url}/api/v1/uploads/files`,
        'POST',
        { 'content-type': 'image/jpeg', ...(authorization ? { authorization } : {}) },
        MAX,
      );
    for (const authorization of [undefined, 'Bearer not-a-token']) {
      const { status, body } = await answer(authorization);
      expect(status).toBe(401);
      expect(JSON.parse(body).error).toMatchObject({
        code: 'authentication_error',
        message: 'You must be logged in to upload images',
      });
    }
  });
});
