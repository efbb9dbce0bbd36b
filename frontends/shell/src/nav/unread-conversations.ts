import { apiRequest, useSessionStore } from '@mer/api-client';
import { useQuery } from '@mer/server-state';
import { isRemoteDeployed } from '../config/runtime-config.ts';

/** Served by the messaging service (not built yet); asked only once the messaging area is deployed. */
export const UNREAD_CONVERSATIONS_PATH = '/api/v1/messaging/unread-count';

/** Unread conversations for the navigation badge (spec: refetched every 30 s). */
export function useUnreadConversations(): number {
  const signedIn = useSessionStore((s) => s.status === 'signed-in');
  const query = useQuery({
    queryKey: ['messaging', 'unread-count'],
    queryFn: ({ signal }) => apiRequest<{ count: number }>('GET', UNREAD_CONVERSATIONS_PATH, { signal }),
    enabled: signedIn && isRemoteDeployed('messaging'),
    refetchInterval: 30_000,
    staleTime: 30_000,
  });
  return query.data?.count ?? 0;
}
