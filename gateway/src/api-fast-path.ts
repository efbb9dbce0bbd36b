import type { IncomingMessage, ServerResponse } from 'node:http';
import FindMyWay from 'find-my-way';
import type { Pool } from 'undici';
import type { RouteDefinition } from '@mer/contracts';
import type { EdgeRequest } from './edge-request.ts';

/** A contract route as the gateway serves it: where it goes and who may call it. */
export interface EdgeRoute {
  readonly route: RouteDefinition;
  readonly pool: Pool | undefined;
}

export interface FastPathDeps {
  routes: readonly EdgeRoute[];
  /** Rate limit and token check; throws the DomainError to answer with. */
  admit(route: EdgeRoute, request: EdgeRequest): Promise<void>;
  /** Relays an admitted request to its service. */
  relay(route: EdgeRoute, request: EdgeRequest, res: ServerResponse): void;
  /** Answers with an error in the MER format. */
  fail(err: unknown, request: EdgeRequest, res: ServerResponse): void;
  /** Builds the EdgeRequest of a raw request (id, client address, protocol). */
  describe(req: IncomingMessage): EdgeRequest;
}

/**
 * The plain node:http path for API reads: a GET of a contract route is matched with Fastify's own
 * router (find-my-way), admitted and relayed without building Fastify's request and reply objects,
 * which cost about a quarter of the gateway's CPU per proxied read (`npm run bench:gateway`).
 * Everything else (bodies, HEAD, pages, files, /ws, docs, unknown paths, odd URLs) goes to Fastify,
 * which keeps its body limits, parsers and error handling. Both paths share admission, relaying
 * and the error answer, so they cannot drift apart.
 */
export function createApiFastPath(
  deps: FastPathDeps,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const router = FindMyWay({ maxParamLength: 1000, ignoreTrailingSlash: false });
  for (const edge of deps.routes) {
    if (edge.route.method === 'GET') router.on('GET', edge.route.path, () => undefined, edge);
  }
  return (req, res) => {
    const url = req.url;
    // Percent-escapes (and anything Fastify would have to decode or reject) take the full path.
    if (req.method !== 'GET' || url === undefined || !url.startsWith('/api/v1/') || url.includes('%'))
      return false;
    const query = url.indexOf('?');
    const found = router.find('GET', query === -1 ? url : url.slice(0, query));
    if (!found) return false;
    const edge = found.store as EdgeRoute;
    const request = deps.describe(req);
    deps.admit(edge, request).then(
      () => deps.relay(edge, request, res),
      (err: unknown) => deps.fail(err, request, res),
    );
    return true;
  };
}
