import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * What the gateway needs to know about a request it answers or relays, whichever path took it: the
 * Fastify routes (bodies, pages, WebSocket) or the plain node:http fast path for API reads
 * (api-fast-path.ts). A FastifyRequest has this shape too.
 */
export interface EdgeRequest {
  readonly id: string;
  readonly method: string;
  /** Path and query as the client sent them. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The client's address, after the trusted proxies in front (if any). */
  readonly ip: string;
  readonly protocol: 'http' | 'https' | string;
  /** The raw body bytes (Fastify path), or nothing. */
  readonly body?: unknown;
}

/** Which peers' X-Forwarded-* the gateway believes: Fastify's trustProxy forms. */
export type TrustProxy = boolean | number | string | string[];
export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * One trust function for both request paths, so that the client address and protocol never differ
 * between them. A number trusts that many hops (like Express); Fastify would fail closed on it.
 */
export function trustFunction(trust: TrustProxy | undefined): TrustFunction {
  if (trust === undefined || trust === false) return () => false;
  if (trust === true) return () => true;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  const list = typeof trust === 'string' ? trust.split(',').map((t) => t.trim()) : trust;
  return proxyAddr.compile(list);
}

/** A request id we pass on as given: a short token, nothing that could forge log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The client address and protocol of a raw request, honouring the trusted proxies only. */
export function clientResolver(trust: TrustProxy | undefined) {
  const trusts = trustFunction(trust);
  const trustsNobody = trust === undefined || trust === false;
  return {
    trusts,
    ip(req: IncomingMessage): string {
      if (trustsNobody) return req.socket.remoteAddress ?? '';
      return proxyAddr(req, trusts);
    },
    protocol(req: IncomingMessage): string {
      const socket = req.socket as IncomingMessage['socket'] & { encrypted?: boolean };
      const forwarded = req.headers['x-forwarded-proto'];
      if (!trustsNobody && typeof forwarded === 'string' && trusts(socket.remoteAddress ?? '', 0)) {
        const last = forwarded.lastIndexOf(',');
        return (last === -1 ? forwarded : forwarded.slice(last + 1)).trim();
      }
      return socket.encrypted ? 'https' : 'http';
    },
  };
}
