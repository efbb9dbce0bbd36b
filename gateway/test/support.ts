import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, defineRoutes } from '@mer/contracts';
import {
  createTokenVerifier,
  currentUser,
  defineService,
  registerRoute,
  startService,
  type RunningService,
  type TokenVerifier,
} from '@mer/service-runtime';
import type { TestInfra } from '@mer/service-runtime/testing';

/** A signing key like identity's, and a verifier that trusts it through a local key set. */
export interface TestTokens {
  verifier: TokenVerifier;
  jwk: JWK;
  sign(claims?: {
    sub?: string;
    perms?: string[];
    roles?: string[];
    expiresInSeconds?: number;
  }): Promise<string>;
}

export async function createTestTokens(): Promise<TestTokens> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
  return {
    jwk,
    verifier: createTokenVerifier({ jwks: { keys: [jwk] } }),
    sign: (claims = {}) => signToken(privateKey as CryptoKey, claims),
  };
}

async function signToken(
  key: CryptoKey,
  claims: { sub?: string; perms?: string[]; roles?: string[]; expiresInSeconds?: number },
): Promise<string> {
  const nowMs = Date.now();
  const now = Math.floor(nowMs / 1000);
  // iat_ms as identity signs it (the revocation check compares milliseconds).
  return new SignJWT({
    sid: randomUUID(),
    roles: claims.roles ?? ['member'],
    perms: claims.perms ?? [],
    iat_ms: nowMs,
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key' })
    .setSubject(claims.sub ?? randomUUID())
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + (claims.expiresInSeconds ?? 600))
    .sign(key);
}

const Echo = Type.Object({
  method: Type.String(),
  url: Type.String(),
  params: Type.Record(Type.String(), Type.String()),
  query: Type.Record(Type.String(), Type.Unknown()),
  headers: Type.Record(Type.String(), Type.Unknown()),
  body: Type.Optional(Type.Unknown()),
  user: Type.Optional(Type.String()),
});

/** The contract of a small service the gateway tests put behind the gateway. */
export const echoRoutes = defineRoutes('echo', {
  getThing: {
    method: 'GET',
    path: '/api/v1/echo/things/:id',
    summary: 'Echoes the request',
    access: { kind: 'public' },
    params: Type.Object({ id: Type.String() }),
    querystring: Type.Object({ q: Type.Optional(Type.String()), n: Type.Optional(Type.Integer()) }),
    response: { 200: Echo },
  },
  createThing: {
    method: 'POST',
    path: '/api/v1/echo/things',
    summary: 'Echoes a JSON body with 201 and cookies',
    access: { kind: 'public' },
    body: Type.Object({ name: Type.String({ maxLength: 50 }) }, { additionalProperties: false }),
    response: { 201: Echo },
  },
  removeThing: {
    method: 'DELETE',
    path: '/api/v1/echo/things/:id',
    summary: 'No content',
    access: { kind: 'public' },
    params: Type.Object({ id: Type.String() }),
    response: { 204: Type.Null() },
  },
  me: {
    method: 'GET',
    path: '/api/v1/echo/me',
    summary: 'The signed-in member',
    access: { kind: 'user' },
    response: { 200: Echo },
  },
  admin: {
    method: 'GET',
    path: '/api/v1/echo/admin',
    summary: 'Admins only',
    access: { kind: 'permission', anyOf: ['system_admin'] },
    response: { 200: Echo },
  },
  signup: {
    method: 'POST',
    path: '/api/v1/echo/signup',
    summary: 'A sensitive public POST',
    access: { kind: 'public' },
    body: Type.Object({ name: Type.String() }),
    response: { 201: Type.Object({ ok: Type.Boolean() }) },
  },
  slow: {
    method: 'GET',
    path: '/api/v1/echo/slow',
    summary: 'Answers after a while',
    access: { kind: 'public' },
    querystring: Type.Object({ ms: Type.Integer() }),
    response: { 200: Type.Object({ ok: Type.Boolean() }) },
  },
  stall: {
    method: 'GET',
    path: '/api/v1/echo/stall',
    summary: 'Starts its answer, then goes quiet for a while',
    access: { kind: 'public' },
    querystring: Type.Object({ ms: Type.Integer() }),
    produces: 'application/octet-stream',
    response: { 200: Type.Unknown() },
  },
  big: {
    method: 'GET',
    path: '/api/v1/echo/big',
    summary: 'A large binary answer',
    access: { kind: 'public' },
    querystring: Type.Object({ bytes: Type.Integer() }),
    produces: 'application/octet-stream',
    response: { 200: Type.Unknown() },
  },
  page: {
    method: 'GET',
    path: '/api/v1/echo/page',
    summary: 'An HTML page served by a service (like a test checkout)',
    access: { kind: 'public' },
    produces: 'text/html',
    response: { 200: Type.String() },
  },
  internalOnly: {
    method: 'GET',
    path: '/api/v1/echo/internal/state',
    summary: 'Never through the gateway',
    access: { kind: 'internal' },
    response: { 200: Type.Object({ ok: Type.Boolean() }) },
  },
});
export const echoRouteList = Object.values(echoRoutes);

/** A route whose service is configured at an address where nothing listens. */
export const downRoutes = defineRoutes('down', {
  ping: {
    method: 'GET',
    path: '/api/v1/down/ping',
    summary: 'A service that is not running',
    access: { kind: 'public' },
    response: { 200: Type.Object({ ok: Type.Boolean() }) },
  },
});

const echoService = defineService({
  name: 'echo',
  routes(app) {
    const echo = (request: {
      method: string;
      url: string;
      params: unknown;
      query: unknown;
      headers: Record<string, unknown>;
      body?: unknown;
      user?: { sub: string };
    }) => ({
      method: request.method,
      url: request.url,
      params: request.params as Record<string, string>,
      query: request.query as Record<string, unknown>,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      ...(request.user ? { user: request.user.sub } : {}),
    });
    registerRoute(app, echoRoutes.getThing, async (request, reply) => {
      reply.header('x-echo', 'yes');
      reply.header('cache-control', 'private, max-age=5');
      return echo(request);
    });
    registerRoute(app, echoRoutes.createThing, async (request, reply) => {
      reply.header('set-cookie', ['a=1; Path=/; HttpOnly', 'b=2; Path=/; Secure; SameSite=Strict']);
      return echo(request);
    });
    registerRoute(app, echoRoutes.removeThing, async () => undefined);
    registerRoute(app, echoRoutes.me, async (request) => ({
      ...echo(request),
      user: currentUser(request).sub,
    }));
    registerRoute(app, echoRoutes.admin, async (request) => ({
      ...echo(request),
      user: currentUser(request).sub,
    }));
    registerRoute(app, echoRoutes.signup, async () => ({ ok: true }));
    registerRoute(app, echoRoutes.slow, async (request) => {
      await new Promise((r) => setTimeout(r, request.query.ms));
      return { ok: true };
    });
    registerRoute(app, echoRoutes.stall, async (request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '8' });
      reply.raw.write('half');
      setTimeout(() => reply.raw.end('done'), request.query.ms);
    });
    registerRoute(app, echoRoutes.big, async (request, reply) => {
      const body = Buffer.alloc(request.query.bytes);
      for (let i = 0; i < body.length; i++) body[i] = (i * 7919) % 251;
      return reply.type('application/octet-stream').send(body);
    });
    registerRoute(app, echoRoutes.page, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send('<!doctype html><title>Checkout</title><p>Pay</p>'),
    );
    registerRoute(app, echoRoutes.internalOnly, async () => ({ ok: true }));
  },
});

export function startEchoService(infra: TestInfra, verifier: TokenVerifier): Promise<RunningService> {
  return startService(echoService, {
    databases: infra.databases,
    bus: infra.bus,
    store: infra.store,
    logger: infra.logger,
    schema: infra.schemaFor('echo'),
    verifier,
    env: { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' },
  });
}

/** A built-looking frontends folder: a shell with hashed assets and one remote. */
export async function createFrontendsFixture(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'mer-frontends-'));
  const shell = join(root, 'shell', 'dist');
  await mkdir(join(shell, 'assets'), { recursive: true });
  await writeFile(
    join(shell, 'index.html'),
    '<!doctype html><html><head><title>MER shell</title><script type="module" src="/assets/index-Abc123xY.js"></script></head><body><div id="root"></div></body></html>',
  );
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  await writeFile(join(shell, 'assets', 'index-Abc123xY.js'), script);
  await writeFile(join(shell, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  const community = join(root, 'community', 'dist');
  await mkdir(join(community, 'assets'), { recursive: true });
  await writeFile(join(community, 'remoteEntry.js'), 'export const get = () => null;\n');
  await writeFile(join(community, 'assets', 'feed-Zz9_8-7q.js'), 'export default 1;\n');
  // A folder without a build is not a remote.
  await mkdir(join(root, 'design-system', 'src'), { recursive: true });
  return root;
}
