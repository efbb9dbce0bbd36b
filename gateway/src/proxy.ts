import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { EdgeRequest } from './edge-request.ts';
import { Pool, type Dispatcher } from 'undici';
import { DomainError, type Logger, type ServiceMetrics } from '@mer/service-runtime';
import { HOP_BY_HOP } from './security-headers.ts';

export interface ProxyTimeouts {
  /** Opening a connection to a service. */
  connectTimeoutMs: number;
  /** Waiting for a service's response headers. */
  headersTimeoutMs: number;
  /** Longest pause between two chunks of a response body. */
  bodyTimeoutMs: number;
}

export const DEFAULT_PROXY_TIMEOUTS: ProxyTimeouts = {
  connectTimeoutMs: 3_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
};

/** The headers the gateway puts on every response it relays (security headers, request id, CORS). */
export interface GatewayResponseHeaders {
  /** Names the gateway owns: a service's copies of these are dropped. */
  readonly names: ReadonlySet<string>;
  /**
   * Appends name/value pairs for this request to `out`: the document set for anything a browser
   * renders, the lean API set for data.
   */
  append(request: EdgeRequest, out: string[], kind: 'api' | 'document'): void;
}

/** Request headers the gateway sets itself or that must not reach a service. */
const DROPPED_REQUEST_HEADERS = new Set([
  ...HOP_BY_HOP,
  'host',
  'content-length',
  'expect',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-real-ip',
  'x-request-id',
]);

/**
 * Forwards requests to the services over keep-alive connections: one undici Pool per service.
 * The response is relayed with undici's low-level dispatch API straight into Node's response
 * (status, raw headers, body chunks with backpressure), with no intermediate stream, so the
 * gateway spends little more than the cost of parsing and writing HTTP.
 */
export class ServiceProxy {
  private readonly pools = new Map<string, Pool>();

  constructor(
    services: Record<string, string>,
    timeouts: ProxyTimeouts,
    private readonly responseHeaders: GatewayResponseHeaders,
    private readonly metrics: ServiceMetrics,
    private readonly log: Logger,
  ) {
    for (const [name, url] of Object.entries(services)) {
      this.pools.set(
        name,
        new Pool(url, {
          connections: 256,
          pipelining: 1,
          keepAliveTimeout: 10_000,
          connectTimeout: timeouts.connectTimeoutMs,
          headersTimeout: timeouts.headersTimeoutMs,
          bodyTimeout: timeouts.bodyTimeoutMs,
        }),
      );
    }
  }

  pool(service: string): Pool | undefined {
    return this.pools.get(service);
  }

  entries(): IterableIterator<[string, Pool]> {
    return this.pools.entries();
  }

  /** Relays the request to the service; the reply must already be hijacked. */
  forward(request: EdgeRequest, res: ServerResponse, pool: Pool, routeLabel: string): void {
    const method = request.method as Dispatcher.HttpMethod;
    const body = request.body;
    const options: Dispatcher.DispatchOptions = {
      path: request.url,
      method,
      headers: upstreamHeaders(request),
      body: Buffer.isBuffer(body) ? body : null,
    };
    pool.dispatch(options, new RelayHandler(this, request, res, pool, options, routeLabel));
  }

  /** Writes the gateway's own headers plus the upstream ones and starts the response. */
  writeHead(request: EdgeRequest, res: ServerResponse, statusCode: number, rawHeaders: Buffer[]): void {
    const out: string[] = [];
    const own = this.responseHeaders.names;
    let hasCacheControl = false;
    let html = false;
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = rawHeaders[i]!.toString('latin1').toLowerCase();
      if (HOP_BY_HOP.has(name) || name === 'date' || own.has(name)) continue;
      const value = rawHeaders[i + 1]!.toString('latin1');
      if (name === 'cache-control') hasCacheControl = true;
      else if (name === 'content-type') html = value.startsWith('text/html');
      out.push(name, value);
    }
    // A service page (e.g. a test checkout) is a document; everything else is data.
    this.responseHeaders.append(request, out, html ? 'document' : 'api');
    // API answers are personal by default; a service that wants caching says so.
    if (!hasCacheControl) out.push('cache-control', 'no-store');
    res.writeHead(statusCode, out);
  }

  /** The service could not be reached or did not answer in time: 503 in the error format. */
  writeUnavailable(request: EdgeRequest, res: ServerResponse): void {
    const body = JSON.stringify(new DomainError('connection_error').toBody(request.id));
    const out: string[] = [];
    this.responseHeaders.append(request, out, 'api');
    out.push(
      'content-type',
      'application/json; charset=utf-8',
      'content-length',
      String(Buffer.byteLength(body)),
      'cache-control',
      'no-store',
      'retry-after',
      '1',
    );
    res.writeHead(503, out);
    res.end(body);
  }

  observe(request: EdgeRequest, route: string, status: number, startedAt: number): void {
    this.metrics.httpDuration.observe(
      { method: request.method, route, status: String(status) },
      (performance.now() - startedAt) / 1000,
    );
  }

  failed(err: unknown, request: EdgeRequest, route: string): void {
    this.log.warn({ err, reqId: request.id, path: request.url, route }, 'service unavailable');
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((p) => p.close().catch(() => p.destroy())));
  }
}

function upstreamHeaders(request: EdgeRequest): string[] {
  const incoming: IncomingHttpHeaders = request.headers;
  const out: string[] = [];
  const extraHopByHop = listedInConnection(incoming.connection);
  for (const name in incoming) {
    if (DROPPED_REQUEST_HEADERS.has(name) || (extraHopByHop !== undefined && extraHopByHop.has(name)))
      continue;
    const value = incoming[name];
    if (value === undefined) continue;
    if (typeof value === 'string') out.push(name, value);
    else for (const v of value) out.push(name, v);
  }
  // The gateway is the trust boundary: services see the client address it resolved (honouring
  // trustProxy), never a chain a client could have forged.
  out.push('x-request-id', request.id, 'x-forwarded-for', request.ip, 'x-forwarded-proto', request.protocol);
  const host = incoming.host;
  if (host) out.push('x-forwarded-host', host);
  return out;
}

function listedInConnection(connection: string | undefined): Set<string> | undefined {
  if (!connection) return undefined;
  const lower = connection.toLowerCase();
  if (lower === 'keep-alive' || lower === 'close') return undefined;
  return new Set(
    lower
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  );
}

const RETRYABLE_SOCKET_ERRORS = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * undici's low-level handler for one relayed request (the raw-header handler interface of undici 7,
 * which skips parsing headers into an object we would only turn back into a list). It writes to Node's response as data
 * arrives and pauses the service's socket when the client reads slowly.
 */
class RelayHandler implements Dispatcher.DispatchHandler {
  private readonly startedAt = performance.now();
  private abortUpstream: ((err: Error) => void) | undefined;
  /** Created only when the client reads slower than the service writes. */
  private drainListener: (() => void) | undefined;
  private resume: (() => void) | undefined;
  private status = 0;
  private retried = false;

  constructor(
    private readonly proxy: ServiceProxy,
    private readonly request: EdgeRequest,
    private readonly res: ServerResponse,
    private readonly pool: Pool,
    private readonly options: Dispatcher.DispatchOptions,
    private readonly route: string,
  ) {}

  onConnect(abort: (err?: Error) => void): void {
    this.abortUpstream = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean {
    this.status = statusCode;
    this.resume = resume;
    try {
      this.proxy.writeHead(this.request, this.res, statusCode, rawHeaders);
    } catch (err) {
      // A header Node refuses to write (invalid characters): the answer cannot be relayed.
      this.proxy.failed(err, this.request, this.route);
      this.res.destroy();
      this.abortUpstream?.(err as Error);
      return false;
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    const res = this.res;
    if (res.write(chunk)) return true;
    if (res.destroyed) {
      this.abortUpstream?.(new Error('client closed the connection'));
      return false;
    }
    const listener = (this.drainListener ??= () => this.drained());
    res.once('drain', listener);
    res.once('close', listener);
    return false;
  }

  private drained(): void {
    this.res.removeListener('drain', this.drainListener!);
    this.res.removeListener('close', this.drainListener!);
    if (this.res.destroyed) this.abortUpstream?.(new Error('client closed the connection'));
    else this.resume?.();
  }

  onComplete(): void {
    this.res.end();
    this.proxy.observe(this.request, this.route, this.status, this.startedAt);
  }

  onError(err: Error): void {
    const res = this.res;
    if (this.status === 0 && !res.headersSent) {
      const code = (err as { code?: string }).code ?? '';
      // A kept-alive connection the service closed just as we reused it: safe to try once more
      // for requests without side effects.
      if (
        !this.retried &&
        RETRYABLE_SOCKET_ERRORS.has(code) &&
        (this.options.method === 'GET' || this.options.method === 'HEAD')
      ) {
        this.retried = true;
        this.pool.dispatch(this.options, this);
        return;
      }
      this.proxy.failed(err, this.request, this.route);
      if (!res.destroyed) this.proxy.writeUnavailable(this.request, res);
      this.proxy.observe(this.request, this.route, 503, this.startedAt);
      return;
    }
    // The response had started: all we can do is cut it so the client sees it incomplete.
    res.destroy(err);
  }
}
