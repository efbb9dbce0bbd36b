import type { BodyOf, BrowserRoute, ParamsOf, QueryOf, ResponseOfRoute } from '@mer/contracts/browser';
import { apiRequest } from './http.ts';

/*
 * The one typed way to call the MER API: a route of `@mer/contracts/browser` and its inputs, checked by the
 * compiler against the contract. Path params are filled in (encoded), the query is appended, the body is sent as
 * JSON; 'user' routes carry the session's bearer token and refresh it once on 401 (http.ts); failures are
 * ApiErrors by the spec's mapping table (errors.ts).
 */

/** A part the route does not have must be left out; one whose fields are all optional may be. */
type Part<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : object extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

export type CallInput<R extends BrowserRoute> = Part<'params', ParamsOf<R>> &
  Part<'query', QueryOf<R>> &
  Part<'body', BodyOf<R>> & {
    signal?: AbortSignal;
    timeoutMs?: number;
  };

/** The input may be omitted when the route needs none. */
type CallArgs<R extends BrowserRoute> =
  object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** The route's path with its `:param` segments filled in and the query appended. */
export function routeUrl(path: string, params?: object, query?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

export function call<R extends BrowserRoute>(route: R, ...[input]: CallArgs<R>): Promise<ResponseOfRoute<R>> {
  const { params, query, body, signal, timeoutMs } = (input ?? {}) as CallInput<BrowserRoute>;
  return apiRequest<ResponseOfRoute<R>>(
    route.method,
    routeUrl(route.path, params ?? undefined, query ?? undefined),
    {
      access: route.access,
      body,
      signal,
      timeoutMs,
    },
  );
}

/**
 * The query key of a route's answer: its contract path, then its params and query when it has them. Keys come from
 * the route table, so every front end reading the same route shares one cache entry, and invalidating
 * `routeKey(route)` reaches every params/query variant of it. Remotes wrap it in key factories
 * (`membershipKeys.mine()`).
 */
export function routeKey<R extends BrowserRoute>(
  route: R,
  input: { params?: ParamsOf<R>; query?: QueryOf<R> } = {},
): readonly unknown[] {
  const { params, query } = input;
  return params === undefined && query === undefined ? [route.path] : [route.path, { params, query }];
}
