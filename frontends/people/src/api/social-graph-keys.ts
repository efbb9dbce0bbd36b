import type { DiscoveryQuery } from '@mer/contracts';
import { socialGraph } from '@mer/contracts/browser';
import { routeKey } from '@mer/api-client';
import { LIST_ROUTES, type ConnectionList } from './social-graph.ts';

/**
 * The query keys of the social graph's data, one per resource, built from the route table (`routeKey`): a
 * route's key without params is the prefix of all its variants, so one change can refresh every matching list.
 */
export const socialGraphKeys = {
  access: () => routeKey(socialGraph.myAccess),
  discovery: (query: DiscoveryQuery) => routeKey(socialGraph.discover, { query }),
  anyDiscovery: () => routeKey(socialGraph.discover),
  recommendations: () => routeKey(socialGraph.recommendations),
  status: (userId: string) => routeKey(socialGraph.connectionStatus, { params: { userId } }),
  anyStatus: () => routeKey(socialGraph.connectionStatus),
  list: (list: ConnectionList) => routeKey(LIST_ROUTES[list]),
  mutual: (userId: string) => routeKey(socialGraph.mutualConnections, { params: { userId } }),
  anyMutual: () => routeKey(socialGraph.mutualConnections),
  compatibility: (userId: string) => routeKey(socialGraph.compatibility, { params: { userId } }),
};

/**
 * What a change to the connection between me and `otherUserId` makes stale: the three tabs, that pair's
 * status (every status when unknown), the discovery and recommendation cards (their buttons show the status)
 * and mutual connections.
 */
export function keysStaleAfterConnectionChange(otherUserId: string | null): Array<readonly unknown[]> {
  return [
    socialGraphKeys.list('received'),
    socialGraphKeys.list('connected'),
    socialGraphKeys.list('sent'),
    otherUserId ? socialGraphKeys.status(otherUserId) : socialGraphKeys.anyStatus(),
    socialGraphKeys.anyDiscovery(),
    socialGraphKeys.recommendations(),
    socialGraphKeys.anyMutual(),
  ];
}

/** Everything social-graph answers (after a block, the blocked member vanishes from all of it). */
export function allSocialGraphKeys(): Array<readonly unknown[]> {
  return [...keysStaleAfterConnectionChange(null), socialGraphKeys.anyStatus()];
}
