import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyWebsocket from '@fastify/websocket';
import { Gauge } from 'prom-client';
import {
  allRoutes,
  buildOpenApiDocument,
  realtimeRoutes as defaultRealtimeRoutes,
  type RealtimeRoute,
  type RouteDefinition,
} from '@mer/contracts';
import {
  DomainError,
  authenticationError,
  bearerToken,
  createServiceMetrics,
  notFound,
  permissionDenied,
  toDomainError,
  type EventBus,
  type KeyValueStore,
  type Logger,
  type TokenVerifier,
} from '@mer/service-runtime';
import {
  AccessRevocations,
  DEFAULT_ACCESS_REVOCATIONS,
  type AccessRevocationOptions,
} from './access-revocations.ts';
import { createApiFastPath, type EdgeRoute } from './api-fast-path.ts';
import { DOCS_PREFIX, registerApiDocs } from './api-docs.ts';
import { clientResolver, requestIdFor, type EdgeRequest, type TrustProxy } from './edge-request.ts';
import { registerHealth } from './health.ts';
import {
  DEFAULT_PROXY_TIMEOUTS,
  ServiceProxy,
  type GatewayResponseHeaders,
  type ProxyTimeouts,
} from './proxy.ts';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimitOptions } from './rate-limit.ts';
import { DEFAULT_REALTIME, RealtimeHub, type RealtimeOptions } from './realtime.ts';
import {
  API_SECURITY_HEADERS,
  HSTS_VALUE,
  buildSecurityHeaders,
  defaultCsp,
  renderCsp,
  type CspDirectives,
} from './security-headers.ts';
import { registerStaticSite } from './static-site.ts';

export interface GatewayOptions {
  /** Base URL of each service by name, e.g. { identity: 'http://127.0.0.1:4001' }. */
  services: Record<string, string>;
  verifier: TokenVerifier;
  bus: EventBus;
  /**
   * Rate-limit counters and the revoked-access map: Redis in the cluster (shared by replicas), memory when embedded.
   */
  store: KeyValueStore;
  logger: Logger;
  host?: string;
  port?: number;
  /** The address members use; the CSP names its WebSocket origin. */
  publicUrl?: string;
  /** Folder with one folder per front end; default <repo>/frontends. */
  staticRoot?: string;
  /**
   * Whether X-Forwarded-For/-Proto from the peer are believed (Fastify's trustProxy: true, a hop
   * count, or addresses). Off by default: the gateway is the edge unless a load balancer is in front.
   */
  trustProxy?: TrustProxy;
  rateLimits?: Partial<RateLimitOptions>;
  /** Origins allowed to call /api cross-origin with credentials; none by default (same origin only). */
  corsOrigins?: string[];
  /** Largest request body forwarded (bytes, default 1 MiB like the services). */
  bodyLimit?: number;
  timeouts?: Partial<ProxyTimeouts>;
  realtime?: Partial<RealtimeOptions>;
  accessRevocations?: Partial<AccessRevocationOptions>;
  /** CSP directives replacing the defaults one by one. */
  csp?: Partial<CspDirectives>;
  /** The routes to expose; default every route of the contracts. */
  routes?: readonly RouteDefinition[];
  /** The bus subjects pushed to WebSockets; default the contracts' realtimeRoutes. */
  realtimeRoutes?: readonly RealtimeRoute[];
  /** How long stop() lets requests in flight finish before cutting connections (default 10 s). */
  shutdownGraceMs?: number;
  /** Where MER_REMOTE_<NAME>_URL overrides are read; default process.env. */
  env?: Record<string, string | undefined>;
}

export interface RunningGateway {
  url: string;
  app: FastifyInstance;
  stop(): Promise<void>;
}

export const DEFAULT_STATIC_ROOT = fileURLToPath(new URL('../../frontends', import.meta.url));

/**
 * Starts MER's single public entry point: the REST routes of the contracts forwarded to their
 * services, the WebSocket at /ws, the front ends, the API docs, health and metrics.
 */
export async function startGateway(opts: GatewayOptions): Promise<RunningGateway> {
  const log = opts.logger.child({ service: 'gateway' });
  const publicUrl = opts.publicUrl ?? 'http://localhost:8080';
  const routes = opts.routes ?? allRoutes;
  const rateLimits: RateLimitOptions = { ...DEFAULT_RATE_LIMITS, ...opts.rateLimits };
  const metrics = createServiceMetrics('gateway');

  const client = clientResolver(opts.trustProxy);
  // Set below, once the header helpers exist; Fastify needs the callbacks at construction.
  let sendError: (err: unknown, request: FastifyRequest, reply: FastifyReply) => FastifyReply = (
    _e,
    _q,
    reply,
  ) => reply;
  let apiFastPath: (req: IncomingMessage, res: ServerResponse) => boolean = () => false;
  const app = Fastify({
    // Fastify's per-request logger would be built for every proxied request; the gateway logs
    // what matters (errors, unavailable services) through its own logger instead.
    logger: false,
    // The same trust function as the fast path's, so both see the same client address.
    trustProxy: client.trusts,
    requestIdHeader: false,
    genReqId: requestIdFor,
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    // Services decide what a parameter may look like; the gateway only routes.
    routerOptions: { maxParamLength: 1000 },
    // Malformed URLs: answered in the error format like everything else.
    frameworkErrors: (err, request, reply) => sendError(err, request, reply),
    // While stopping, requests on open connections are still relayed: services stop after gateways.
    return503OnClosing: false,
    // API reads take the plain node:http path; everything else is Fastify's (api-fast-path.ts).
    serverFactory: (fastifyHandler, options) => {
      // Fastify's own defaults, resolved before it calls the factory.
      const resolved = options as {
        keepAliveTimeout: number;
        requestTimeout: number;
        connectionTimeout: number;
      };
      const server = createServer((req, res) => {
        if (!apiFastPath(req, res)) fastifyHandler(req, res);
      });
      server.keepAliveTimeout = resolved.keepAliveTimeout;
      server.requestTimeout = resolved.requestTimeout;
      server.setTimeout(resolved.connectionTimeout);
      return server;
    },
  });

  // Bodies are forwarded as the bytes that came in, never parsed and re-serialised.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const headers = gatewayHeaders(publicUrl, opts.csp, opts.corsOrigins);
  const applyHeaders = (request: FastifyRequest, reply: FastifyReply) => {
    const pairs: string[] = [];
    headers.append(request, pairs, isApiData(request.url) ? 'api' : 'document');
    for (let i = 0; i < pairs.length; i += 2) reply.header(pairs[i]!, pairs[i + 1]!);
  };

  const limiter = new RateLimiter(opts.store, rateLimits, log);
  const proxy = new ServiceProxy(
    opts.services,
    { ...DEFAULT_PROXY_TIMEOUTS, ...opts.timeouts },
    headers,
    metrics,
    log,
  );
  // Suspended, deleted or signed-out-by-an-admin members: their still-valid tokens are refused at once.
  const revocations = new AccessRevocations(
    opts.store,
    log,
    (userId, upToMs) => hub.closeRevoked(userId, upToMs),
    { ...DEFAULT_ACCESS_REVOCATIONS, ...opts.accessRevocations },
  );
  const hub = new RealtimeHub(opts.verifier, log, { ...DEFAULT_REALTIME, ...opts.realtime }, (claims) =>
    revocations.isRevoked(claims),
  );
  let stopping = false;

  /** The error answer in the MER format: status, headers and body, for either request path. */
  const errorAnswer = (err: unknown, request: EdgeRequest, tooLarge?: string) => {
    let domain = toDomainError(err);
    // Uploads name their own limit in the spec's words.
    if (tooLarge && domain.code === 'request_too_large')
      domain = new DomainError('request_too_large', { message: tooLarge });
    if (domain.status >= 500) log.error({ err, reqId: request.id, path: request.url }, 'gateway error');
    const pairs: string[] = [];
    headers.append(request, pairs, isApiData(request.url) ? 'api' : 'document');
    pairs.push('cache-control', 'no-store');
    if (domain.retryAfterSeconds !== undefined) pairs.push('retry-after', String(domain.retryAfterSeconds));
    return { status: domain.status, headers: pairs, body: domain.toBody(request.id) };
  };
  sendError = (err, request, reply) => {
    const tooLarge = (request.routeOptions.config as { tooLarge?: string } | undefined)?.tooLarge;
    const answer = errorAnswer(err, request, tooLarge);
    for (let i = 0; i < answer.headers.length; i += 2)
      reply.header(answer.headers[i]!, answer.headers[i + 1]!);
    // Refused before its body was read (no login, too large): the unread rest would keep the connection busy.
    if (!request.raw.complete) reply.header('connection', 'close');
    return reply.status(answer.status).send(answer.body);
  };
  app.setErrorHandler((err, request, reply) => sendError(err, request, reply));
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/')) await limiter.check(request.ip);
    applyHeaders(request, reply);
    return reply.status(404).header('cache-control', 'no-store').send(notFound().toBody(request.id));
  });

  // REST: every contract route, matched at the edge so that unknown paths end here.
  const edgeRoutes: EdgeRoute[] = routes
    .filter((route) => route.access.kind !== 'internal')
    .map((route) => ({ route, pool: proxy.pool(route.service) }));
  const missing = new Set(edgeRoutes.filter((e) => !e.pool).map((e) => e.route.service));
  /** Rate limits, then (for member routes) the token, checked here to turn the unauthenticated away cheaply; the service checks again. */
  const admit = async ({ route, pool }: EdgeRoute, request: EdgeRequest): Promise<void> => {
    await limiter.check(request.ip, route.operationId);
    const access = route.access;
    if (access.kind === 'user' || access.kind === 'permission') {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw authenticationError(access.loginMessage);
      // A token that fails verification gets the route's own words too (the verifier's are generic).
      const claims = await opts.verifier.verify(token).catch(() => {
        throw authenticationError(access.loginMessage);
      });
      // A revoked token gets exactly an expired one's answer: the shell signs out as it does then.
      if (revocations.isRevoked(claims)) throw authenticationError(access.loginMessage);
      if (access.kind === 'permission' && !access.anyOf.some((p) => claims.perms.includes(p)))
        throw permissionDenied();
    }
    if (!pool) throw new DomainError('connection_error');
  };
  for (const edge of edgeRoutes) {
    app.route({
      method: edge.route.method,
      url: edge.route.path,
      // Uploads (raw bytes) declare their own, larger limit and the words for exceeding it.
      ...(edge.route.rawBody
        ? { bodyLimit: edge.route.rawBody.maxBytes, config: { tooLarge: edge.route.rawBody.tooLargeMessage } }
        : {}),
      // Admitted before the body is read: an upload without a login is turned away at once.
      onRequest: async (request) => admit(edge, request),
      handler: async (request, reply) => {
        reply.hijack();
        proxy.forward(request, reply.raw, edge.pool!, edge.route.path);
      },
    });
  }
  apiFastPath = createApiFastPath({
    routes: edgeRoutes,
    admit,
    relay: (edge, request, res) => proxy.forward(request, res, edge.pool!, edge.route.path),
    fail: (err, request, res) => {
      const answer = errorAnswer(err, request);
      const body = JSON.stringify(answer.body);
      answer.headers.push(
        'content-type',
        'application/json; charset=utf-8',
        'content-length',
        String(Buffer.byteLength(body)),
      );
      res.writeHead(answer.status, answer.headers);
      res.end(body);
    },
    describe: (req) => ({
      id: requestIdFor(req),
      method: 'GET',
      url: req.url!,
      headers: req.headers,
      ip: client.ip(req),
      protocol: client.protocol(req),
    }),
  });
  if (opts.corsOrigins?.length) registerCorsPreflight(app, new Set(opts.corsOrigins), applyHeaders);
  if (missing.size)
    log.warn({ services: [...missing] }, 'no URL for these services: their routes answer 503');

  // Everything that is not a relayed API answer gets its headers from this hook.
  await app.register(async (site) => {
    site.addHook('onRequest', async (request, reply) => applyHeaders(request, reply));
    // Not on the API path: relayed answers pass through as the service sent them.
    await site.register(fastifyCompress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Quality 4 keeps on-the-fly brotli cheap; build-time .br files can use the maximum.
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    registerHealth(site, { proxy, metrics, hub, ready: () => !stopping });
    await site.register(async (docs) => {
      // Swagger UI's bundle injects a <style> element: only its pages allow inline styles.
      docs.addHook(
        'onRequest',
        async (_request, reply) => void reply.header('content-security-policy', headers.docsCsp),
      );
      await registerApiDocs(docs, buildOpenApiDocument(routes));
    });
    await site.register(async (realtime) => {
      await realtime.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
      realtime.route({
        method: 'GET',
        url: '/ws',
        // Connection attempts share the per-IP budget of the API: reconnect storms stay bounded.
        preValidation: async (request) => limiter.check(request.ip),
        // A plain GET (no upgrade) gets an answer in the error format.
        handler: async () => {
          throw new DomainError('invalid_data', {
            status: 426,
            message: 'This address takes WebSocket connections only.',
          });
        },
        wsHandler: (socket) => hub.accept(socket),
      });
    });
    await site.register(async (files) =>
      registerStaticSite(files, {
        staticRoot: opts.staticRoot ?? DEFAULT_STATIC_ROOT,
        env: opts.env ?? process.env,
      }),
    );
  });

  new Gauge({
    name: 'mer_gateway_websocket_clients',
    help: 'Authenticated WebSocket clients on this gateway replica',
    registers: [metrics.registry],
    collect() {
      this.set(hub.connectedClients);
    },
  });

  await hub.start(opts.bus, opts.realtimeRoutes ?? defaultRealtimeRoutes);
  // After the hub: a session.revoked message reaches the socket before the revocation closes it.
  await revocations.start(opts.bus);
  let address: string;
  try {
    address = await app.listen({ host: opts.host ?? '127.0.0.1', port: opts.port ?? 0 });
  } catch (err) {
    await revocations.stop();
    await hub.stop();
    await proxy.close();
    throw err;
  }
  const url = address.replace('[::1]', '127.0.0.1');
  log.info({ url, services: opts.services }, 'gateway listening');

  return {
    url,
    app,
    async stop() {
      if (stopping) return;
      stopping = true;
      await revocations.stop();
      await hub.stop();
      // Requests in flight may finish; a client that stopped reading does not hold the shutdown.
      const grace = setTimeout(() => app.server.closeAllConnections(), opts.shutdownGraceMs ?? 10_000);
      await app.close();
      clearTimeout(grace);
      await proxy.close();
    },
  };
}

/** API answers are data (JSON); /api/docs is a page. */
function isApiData(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith(`${DOCS_PREFIX}`);
}

/** Security headers, request id, HSTS on HTTPS and (when configured) CORS for one response. */
function gatewayHeaders(
  publicUrl: string,
  csp: Partial<CspDirectives> | undefined,
  corsOrigins: string[] | undefined,
): GatewayResponseHeaders & { docsCsp: string } {
  const directives = { ...defaultCsp(publicUrl) } as CspDirectives;
  for (const [name, value] of Object.entries(csp ?? {})) if (value !== undefined) directives[name] = value;
  const documentSet = buildSecurityHeaders(directives).flat;
  const apiSet = API_SECURITY_HEADERS.flat;
  const allowed = new Set(corsOrigins ?? []);
  const names = new Set([
    ...Object.keys(buildSecurityHeaders(directives).object),
    'x-request-id',
    'strict-transport-security',
  ]);
  if (allowed.size)
    for (const n of ['access-control-allow-origin', 'access-control-allow-credentials']) names.add(n);
  return {
    names,
    docsCsp: renderCsp({ ...directives, 'style-src': `${directives['style-src']} 'unsafe-inline'` }),
    append(request, out, kind) {
      const set = kind === 'api' ? apiSet : documentSet;
      for (let i = 0; i < set.length; i++) out.push(set[i]!);
      out.push('x-request-id', request.id);
      if (request.protocol === 'https') out.push('strict-transport-security', HSTS_VALUE);
      if (allowed.size) {
        const origin = request.headers.origin;
        if (origin && allowed.has(origin)) {
          out.push(
            'access-control-allow-origin',
            origin,
            'access-control-allow-credentials',
            'true',
            'vary',
            'Origin',
          );
        }
      }
    },
  };
}

/** Preflight answers for the configured origins only; without CORS_ORIGINS there is no CORS at all. */
function registerCorsPreflight(
  app: FastifyInstance,
  allowed: ReadonlySet<string>,
  applyHeaders: (request: FastifyRequest, reply: FastifyReply) => void,
): void {
  app.options('/api/*', async (request, reply) => {
    applyHeaders(request, reply);
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return reply.status(403).send(permissionDenied().toBody(request.id));
    return reply
      .status(204)
      .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
      .header('access-control-allow-headers', 'authorization, content-type, x-request-id')
      .header('access-control-max-age', '600')
      .send();
  });
}
