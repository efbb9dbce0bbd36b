import type { Static, TSchema } from '@sinclair/typebox';
import type { HttpMethod } from '../http/route.ts';

/*
 * The browser's view of a contract route: method, path and who may call it, with the request and response
 * types carried only in the type system. Nothing here imports TypeBox at run time (type-only imports vanish
 * from the bundle), so a page that calls a route bundles two strings, not the schemas.
 */

/** The TypeScript types of a route's parts; `undefined` for a part the route does not have. */
export interface RouteTypes {
  params: unknown;
  query: unknown;
  body: unknown;
  response: unknown;
}

export interface BrowserRoute<T extends RouteTypes = RouteTypes> {
  readonly method: HttpMethod;
  /** Full public path with `:param` segments, as in the contract. */
  readonly path: string;
  /** 'public': sent without the access token; 'user': the session's bearer token (refreshed once on 401). */
  readonly access: 'public' | 'user';
  /** Types only: never set at run time. */
  readonly types?: T;
}

type StaticOr<S> = S extends TSchema ? Static<S> : undefined;

/** The successful answer: the union of the route's 2xx response schemas (a 204 route answers undefined). */
type ResponseOf<R> = {
  [Status in keyof R]: Status extends 204 ? undefined : StaticOr<R[Status]>;
}[keyof R];

/** The types of a contract route definition (`typeof billingRoutes.listPlans`). */
export type RouteTypesOf<D> = {
  params: D extends { params: infer P } ? StaticOr<P> : undefined;
  query: D extends { querystring: infer Q } ? StaticOr<Q> : undefined;
  body: D extends { body: infer B } ? StaticOr<B> : undefined;
  response: D extends { response: infer R } ? ResponseOf<R> : never;
};

/** A route of the browser table, typed from its contract definition. */
export type BrowserRouteOf<D> = BrowserRoute<RouteTypesOf<D>>;

export type ParamsOf<R extends BrowserRoute> = NonNullable<R['types']>['params'];
export type QueryOf<R extends BrowserRoute> = NonNullable<R['types']>['query'];
export type BodyOf<R extends BrowserRoute> = NonNullable<R['types']>['body'];
export type ResponseOfRoute<R extends BrowserRoute> = NonNullable<R['types']>['response'];
