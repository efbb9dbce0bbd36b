import { randomUUID } from 'node:crypto';
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
import { DOCS_PREFIX, registerApiDocs } from './api-docs.ts';
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
  /** Rate-limit counters: Redis in the cluster (shared by replicas), memory when embedded. */
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
  trustProxy?: boolean | number | string | string[];
  rateLimits?: Partial<RateLimitOptions>;
  /** Origins allowed to call /api cross-origin with credentials; none by default (same origin only). */
  corsOrigins?: string[];
  /** Largest request body forwarded (bytes, default 1 MiB like the services). */
  bodyLimit?: number;
  timeouts?: Partial<ProxyTimeouts>;
  realtime?: Partial<RealtimeOptions>;
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

/** A request id we pass on as given: a short token, nothing that could forge log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

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

  // Set below, once the header helpers exist; Fastify needs the callback at construction.
  let sendError: (err: unknown, request: FastifyRequest, reply: FastifyReply) => FastifyReply = (
    _e,
    _q,
    reply,
  ) => reply;
  const app = Fastify({
    // Fastify's per-request logger would be built for every proxied request; the gateway logs
    // what matters (errors, unavailable services) through its own logger instead.
    logger: false,
    trustProxy: typeof opts.trustProxy === 'number' ? trustHops(opts.trustProxy) : (opts.trustProxy ?? false),
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    // Services decide what a parameter may look like; the gateway only routes.
    routerOptions: { maxParamLength: 1000 },
    // Malformed URLs: answered in the error format like everything else.
    frameworkErrors: (err, request, reply) => sendError(err, request, reply),
    // While stopping, requests on open connections are still relayed: services stop after gateways.
    return503OnClosing: false,
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
  const hub = new RealtimeHub(opts.verifier, log, { ...DEFAULT_REALTIME, ...opts.realtime });
  let stopping = false;

  sendError = (err, request, reply) => {
    let domain = toDomainError(err);
    const tooLarge = (request.routeOptions.config as { tooLarge?: string } | undefined)?.tooLarge;
    if (tooLarge && domain.code === 'request_too_large')
      domain = new DomainError('request_too_large', { message: tooLarge });
    if (domain.status >= 500) log.error({ err, reqId: request.id, path: request.url }, 'gateway error');
    applyHeaders(request, reply);
    reply.header('cache-control', 'no-store');
    if (domain.retryAfterSeconds !== undefined) reply.header('retry-after', String(domain.retryAfterSeconds));
    return reply.status(domain.status).send(domain.toBody(request.id));
  };
  app.setErrorHandler((err, request, reply) => sendError(err, request, reply));
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/')) await limiter.check(request.ip);
    applyHeaders(request, reply);
    return reply.status(404).header('cache-control', 'no-store').send(notFound().toBody(request.id));
  });

  // REST: every contract route, matched here so that unknown paths end at the edge.
  const missing = new Set<string>();
  for (const route of routes) {
    if (route.access.kind === 'internal') continue;
    const pool = proxy.pool(route.service);
    if (!pool) missing.add(route.service);
    const operationId = route.operationId;
    const access = route.access;
    const needsToken = access.kind === 'user' || access.kind === 'permission';
    const anyOf = access.kind === 'permission' ? access.anyOf : undefined;
    const label = route.path;
    app.route({
      method: route.method,
      url: route.path,
      // Uploads (raw bytes) declare their own, larger limit and the words for exceeding it.
      ...(route.rawBody
        ? { bodyLimit: route.rawBody.maxBytes, config: { tooLarge: route.rawBody.tooLargeMessage } }
        : {}),
      handler: async (request, reply) => {
        await limiter.check(request.ip, operationId);
        if (needsToken) {
          // Checked here to turn away the unauthenticated cheaply; the service checks again.
          const token = bearerToken(request.headers.authorization);
          if (!token) throw authenticationError();
          const claims = await opts.verifier.verify(token);
          if (anyOf && !anyOf.some((p) => claims.perms.includes(p))) throw permissionDenied();
        }
        if (!pool) throw new DomainError('connection_error');
        reply.hijack();
        proxy.forward(request, reply.raw, pool, label);
      },
    });
  }
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
  let address: string;
  try {
    address = await app.listen({ host: opts.host ?? '127.0.0.1', port: opts.port ?? 0 });
  } catch (err) {
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

/** Trust the first n proxies in front (the closest first), like Express's numeric trust proxy. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
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
