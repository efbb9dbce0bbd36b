import type { PeopleFilters } from '../domain/people-filters.ts';
import type { ConnectionList } from './social-graph.ts';

/**
 * The query keys of the social graph's data, one per resource. Everything starts with 'social-graph', so a
 * change to a member's connections can refresh the matching lists (and only those).
 */
export const socialGraphKeys = {
  all: ['social-graph'] as const,
  discovery: (filters: PeopleFilters) => ['social-graph', 'discovery', filters] as const,
  anyDiscovery: () => ['social-graph', 'discovery'] as const,
  recommendations: () => ['social-graph', 'recommendations'] as const,
  status: (userId: string) => ['social-graph', 'status', userId] as const,
  anyStatus: () => ['social-graph', 'status'] as const,
  list: (list: ConnectionList) => ['social-graph', 'list', list] as const,
  lists: () => ['social-graph', 'list'] as const,
  mutual: (userId: string) => ['social-graph', 'mutual', userId] as const,
  anyMutual: () => ['social-graph', 'mutual'] as const,
  compatibility: (userId: string) => ['social-graph', 'compatibility', userId] as const,
};

/**
 * What a change to the connection between me and `otherUserId` makes stale: the three tabs, that pair's
 * status, the discovery and recommendation cards (their buttons show the status) and mutual connections.
 */
export function keysStaleAfterConnectionChange(otherUserId: string | null) {
  return [
    socialGraphKeys.lists(),
    otherUserId ? socialGraphKeys.status(otherUserId) : socialGraphKeys.anyStatus(),
    socialGraphKeys.anyDiscovery(),
    socialGraphKeys.recommendations(),
    socialGraphKeys.anyMutual(),
  ];
}
