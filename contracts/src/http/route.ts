import type { TSchema } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public`: anyone; `user`: a verified access token;
 * `permission`: a verified token carrying one of the listed permissions;
 * `operator`: the operator key of the installation (CLI and internal tools); `internal`: never through the gateway.
 * `loginMessage`: the spec's own words for a caller without a valid token on this route (e.g. 'You must be
 * logged in to upload images'); the gateway and the service both answer with it, before any body is read.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'user'; loginMessage?: string }
  | { kind: 'permission'; anyOf: readonly string[]; loginMessage?: string }
  | { kind: 'operator' }
  | { kind: 'internal' };

export interface RouteDefinition {
  operationId: string;
  service: string;
  method: HttpMethod;
  /** Full public path, with `:param` segments, e.g. /api/v1/identity/users/:id/permissions */
  path: string;
  summary: string;
  access: RouteAccess;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** Successful responses by status code; error responses use ErrorBody. */
  response: Record<number, TSchema>;
  /**
   * 'sensitive': a public route that guesses or floods could abuse (sign-up, log-in, password
   * reset, code checks); the gateway gives it a much smaller per-IP allowance.
   */
  rateLimit?: 'sensitive';
  /** Content types other than JSON (e.g. text/html for a test checkout page). */
  produces?: string;
  /**
   * A body of raw bytes (an upload) instead of JSON: the content types accepted and the largest size,
   * which the gateway and the service both enforce, answering 413 with the route's own message.
   */
  rawBody?: { contentTypes: readonly string[]; maxBytes: number; tooLargeMessage: string };
}

export function defineRoutes<
  const T extends Record<string, Omit<RouteDefinition, 'operationId' | 'service'>>,
>(service: string, routes: T): { [K in keyof T]: T[K] & { operationId: string; service: string } } {
  const out = {} as Record<string, RouteDefinition>;
  for (const [operationId, route] of Object.entries(routes)) {
    const prefix = `/api/v1/${service}/`;
    if (!route.path.startsWith(prefix))
      throw new Error(`${service}.${operationId}: path must start with ${prefix}`);
    out[operationId] = { ...route, operationId: `${service}.${operationId}`, service };
  }
  return out as { [K in keyof T]: T[K] & { operationId: string; service: string } };
}
