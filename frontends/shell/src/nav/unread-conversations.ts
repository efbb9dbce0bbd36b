import { useEffect } from 'react';
import { messaging } from '@mer/contracts/browser';
import { call, routeKey } from '@mer/api-client';
import { onRealtimeMessage, queryClient, useQuery } from '@mer/server-state';

/** Spec 001 section 9: the unread conversations badge is refetched every 30 s. */
export const UNREAD_REFETCH_MS = 30_000;

/** The same key the messages remote writes after marking a conversation read, so the badge follows at once. */
const unreadKey = routeKey(messaging.unreadCount);

/**
 * The Conversations badge's number: the member's total of unread messages, refetched every 30 s and set live by
 * messaging's `messaging.unread.changed` message on /ws (refetched after a reconnect, which may have missed one).
 * 0 while unknown or failing: the badge is a hint, never an error.
 */
export function useUnreadConversations(): number {
  const unread = useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => call(messaging.unreadCount, { signal }),
    refetchInterval: UNREAD_REFETCH_MS,
    staleTime: UNREAD_REFETCH_MS,
  });
  useEffect(() => {
    const offChanged = onRealtimeMessage('messaging.unread.changed', ({ data }) => {
      if (typeof data.unreadTotal === 'number')
        queryClient.setQueryData(unreadKey, { count: data.unreadTotal });
    });
    const offReady = onRealtimeMessage(
      'ready',
      () => void queryClient.invalidateQueries({ queryKey: unreadKey }),
    );
    return () => {
      offChanged();
      offReady();
    };
  }, []);
  return unread.data?.count ?? 0;
}
