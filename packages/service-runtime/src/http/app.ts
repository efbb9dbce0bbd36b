import { randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import { ErrorBody, type AccessTokenClaims, type RouteAccess, type RouteDefinition } from '@mer/contracts';
import { bearerToken, type TokenVerifier } from '../auth.ts';
import { DomainError, authenticationError, permissionDenied, toDomainError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { renderMetrics, type ServiceMetrics } from '../metrics.ts';
import '../formats.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Claims of the verified access token; set only by the access check. */
    user?: AccessTokenClaims;
  }
}

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  metrics: ServiceMetrics;
  verifier?: TokenVerifier;
  operatorKey?: string;
  bodyLimit?: number;
  /** Extra readiness checks (database reachable, ...). */
  ready?: () => Promise<boolean>;
}

export type App = FastifyInstance;

/**
 * A Fastify app with what every MER service gets: request ids, the error format, validation
 * through contract schemas, health and readiness, and Prometheus metrics.
 */
export function buildHttpApp(opts: HttpAppOptions): FastifyInstance {
  const app = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    trustProxy: true,
    ajv: {
      customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: false, allErrors: false },
    },
    // Router-level failures (a path parameter over maxParamLength, a malformed URL) bypass the
    // error handler; without this they would answer in Fastify's own format.
    frameworkErrors: (err, request, reply) => {
      const domain =
        err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new DomainError('request_too_large', { status: 414 })
          : new DomainError('invalid_data');
      void (reply as unknown as FastifyReply).status(domain.status).send(domain.toBody(request.id));
    },
  });
  app.decorate('verifier', opts.verifier);
  app.decorate('operatorKey', opts.operatorKey);
  app.decorateRequest('user', undefined);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    opts.metrics.httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (reply.statusCode >= 500) request.log.error({ route, status: reply.statusCode }, 'request failed');
    else request.log.debug({ route, status: reply.statusCode, ms: reply.elapsedTime }, 'request');
  });

  app.setErrorHandler((err, request, reply) => {
    const domain = toDomainError(err);
    if (domain.status >= 500) request.log.error({ err }, 'unhandled error');
    if (domain.retryAfterSeconds !== undefined) reply.header('retry-after', String(domain.retryAfterSeconds));
    // Refused before its body was read (too large, no login): the unread rest would keep the connection
    // busy, and a graceful shutdown waits for busy connections. Closing it is what HTTP/1.1 expects here.
    if (!request.raw.complete) reply.header('connection', 'close');
    return reply.status(domain.status).send(domain.toBody(request.id));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(new DomainError('item_not_found').toBody(request.id));
  });

  let ready = true;
  app.decorate('setReady', (value: boolean) => {
    ready = value;
  });
  app.get('/healthz', async () => ({ status: 'ok', service: opts.name }));
  app.get('/readyz', async (_request, reply) => {
    const ok = ready && (opts.ready ? await opts.ready().catch(() => false) : true);
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not ready', service: opts.name });
  });
  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', 'text/plain; version=0.0.4');
    return renderMetrics(opts.metrics);
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    verifier?: TokenVerifier;
    operatorKey?: string;
    setReady(value: boolean): void;
  }
}

type StaticOr<T, D> = T extends TSchema ? Static<T> : D;
type SuccessBody<R extends RouteDefinition> = R['response'][keyof R['response']] extends infer S
  ? S extends TSchema
    ? Static<S>
    : never
  : never;

export type ContractRequest<R extends RouteDefinition> = FastifyRequest<{
  Body: StaticOr<R['body'], unknown>;
  Querystring: StaticOr<R['querystring'], Record<string, unknown>>;
  Params: StaticOr<R['params'], Record<string, string>>;
}>;

export type ContractHandler<R extends RouteDefinition> = (
  request: ContractRequest<R>,
  reply: FastifyReply,
) => Promise<SuccessBody<R> | null | undefined | void>;

/**
 * Registers a route exactly as its contract describes it: path, schemas, access rule, and the
 * first listed status as the success status. Handlers stay thin and call use cases.
 */
export function registerRoute<R extends RouteDefinition>(
  app: FastifyInstance,
  def: R,
  handler: ContractHandler<R>,
): void {
  const successStatus = Number(Object.keys(def.response)[0]);
  const response: Record<string, TSchema> = { ...def.response, '4xx': ErrorBody, '5xx': ErrorBody };
  // "Nothing yet" (no draft, no chart) is an ordinary answer: JSON null where the contract admits it, not a 404.
  const answersNull = admitsNull(def.response[successStatus]);
  app.withTypeProvider<TypeBoxTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      ...(def.body ? { body: def.body } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.params ? { params: def.params } : {}),
      response,
    },
    // Before the body is read or validated: a caller without access learns nothing about the body's rules.
    onRequest: accessCheck(def.access),
    handler: async (request, reply) => {
      reply.code(successStatus);
      const result = await handler(request as unknown as ContractRequest<R>, reply);
      if (reply.sent) return reply;
      if (result === null && answersNull) return reply.send(null);
      if (successStatus === 204 || result === undefined || result === null) return reply.send();
      return result;
    },
  });
}

/** A union with a null branch (`Type.Union([X, Type.Null()])`); a bare Type.Null is "no content". */
function admitsNull(schema: TSchema | undefined): boolean {
  const branches = (schema?.anyOf ?? schema?.oneOf) as TSchema[] | undefined;
  return Boolean(branches?.some((branch) => branch.type === 'null'));
}

async function authenticate(request: FastifyRequest, loginMessage?: string): Promise<AccessTokenClaims> {
  const token = bearerToken(request.headers.authorization);
  const verifier = request.server.verifier;
  if (!token || !verifier) throw authenticationError(loginMessage);
  // The verifier only ever fails with a generic authentication error: the route's own words replace it.
  request.user = await verifier.verify(token).catch(() => {
    throw authenticationError(loginMessage);
  });
  return request.user;
}

function accessCheck(access: RouteAccess) {
  return async (request: FastifyRequest) => {
    switch (access.kind) {
      case 'public':
        if (request.headers.authorization) await authenticate(request).catch(() => undefined);
        return;
      case 'user':
        await authenticate(request, access.loginMessage);
        return;
      case 'permission': {
        const claims = await authenticate(request, access.loginMessage);
        if (!access.anyOf.some((p) => claims.perms.includes(p))) throw permissionDenied();
        return;
      }
      case 'operator': {
        const expected = request.server.operatorKey;
        const given = request.headers['x-operator-key'];
        if (!expected || typeof given !== 'string' || !safeEqual(given, expected)) throw permissionDenied();
        return;
      }
      case 'internal':
        return;
    }
  };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The verified user of a request on a `user` or `permission` route. */
export function currentUser(request: FastifyRequest): AccessTokenClaims {
  if (!request.user) throw authenticationError();
  return request.user;
}
