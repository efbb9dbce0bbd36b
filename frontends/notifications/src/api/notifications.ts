import { useEffect } from 'react';
import type { Notification, NotificationType } from '@mer/contracts';
import { notificationsEmail } from '@mer/contracts/browser';
import { call, routeKey, useSessionStore } from '@mer/api-client';
import {
  onRealtimeMessage,
  queryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  type InfiniteData,
} from '@mer/server-state';

/*
 * The notifications remote's calls to notifications-email: typed by the contracts' route table, sent by `call`,
 * cached under keys derived from the routes. Components use these hooks, never the transport.
 * Spec 001 sections 4 and 9: the lists refresh every 30 s and on any realtime change to the member's
 * notifications (300 ms debounce); the bell shows the latest 10. Spec section 8: read failures give empty lists
 * and mark-read failures are swallowed, so nothing here shows an error toast for them.
 */

export type { Notification, NotificationType };

/** Spec 001 section 9. */
export const BELL_SIZE = 10;
export const POLL_MS = 30_000;
export const REALTIME_DEBOUNCE_MS = 300;
const PAGE_SIZE = 20;

type ListAnswer = { notifications: Notification[]; nextCursor: string | null; unreadCount: number };

export const notificationKeys = {
  /** Every list of notifications (prefix for invalidation). */
  lists: () => routeKey(notificationsEmail.listNotifications),
  latest: () => routeKey(notificationsEmail.listNotifications, { query: { limit: BELL_SIZE } }),
  page: (type: NotificationType | null) =>
    [...routeKey(notificationsEmail.listNotifications), 'page', type ?? 'all'] as const,
  unreadCount: () => routeKey(notificationsEmail.unreadNotificationCount),
};

/** The bell's badge: the unread count, polled every 30 s and set at once by realtime messages. */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => call(notificationsEmail.unreadNotificationCount, { signal }),
    select: (answer) => answer.unreadCount,
    refetchInterval: POLL_MS,
    staleTime: POLL_MS,
  });
}

/** The popover's and the drawer's items: the latest 10. */
export function useLatestNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.latest(),
    queryFn: ({ signal }) =>
      call(notificationsEmail.listNotifications, { query: { limit: BELL_SIZE }, signal }),
    select: (answer) => answer.notifications,
    refetchInterval: POLL_MS,
    staleTime: POLL_MS,
    enabled,
  });
}

/** /notifications: every notification, optionally of one type, page by page. */
export function useNotificationPages(type: NotificationType | null) {
  return useInfiniteQuery({
    queryKey: notificationKeys.page(type),
    queryFn: ({ pageParam, signal }) =>
      call(notificationsEmail.listNotifications, {
        query: {
          limit: PAGE_SIZE,
          ...(type ? { type } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListAnswer) => last.nextCursor,
    refetchInterval: POLL_MS,
    staleTime: POLL_MS,
  });
}

function setUnreadCount(unreadCount: number) {
  queryClient.setQueryData(notificationKeys.unreadCount(), { unreadCount });
}

/** Shows notifications read in every cached list at once (the server confirms; a failure refetches). */
function markReadInCache(ids: ReadonlySet<string> | 'all') {
  const mark = (n: Notification) => (ids === 'all' || ids.has(n.id) ? { ...n, read: true } : n);
  queryClient.setQueriesData<ListAnswer | InfiniteData<ListAnswer>>(
    { queryKey: notificationKeys.lists() },
    (data) => {
      if (!data) return data;
      if ('pages' in data)
        return {
          ...data,
          pages: data.pages.map((p) => ({ ...p, notifications: p.notifications.map(mark) })),
        };
      return { ...data, notifications: data.notifications.map(mark) };
    },
  );
}

function refreshAll() {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
}

/** Marks some notifications read (on click, the per-item button, 2 s after the popover shows them). */
export function useMarkRead() {
  return useMutation({
    mutationFn: (ids: string[]) => call(notificationsEmail.markNotificationsRead, { body: { ids } }),
    retry: false,
    onMutate: (ids) => markReadInCache(new Set(ids)),
    onSuccess: (answer) => setUnreadCount(answer.unreadCount),
    // Spec section 8: mark-read failures are swallowed; the lists are read again so they show the truth.
    onError: refreshAll,
  });
}

/** 'Mark all read'. */
export function useMarkAllRead() {
  return useMutation({
    mutationFn: () => call(notificationsEmail.markNotificationsRead, { body: { all: true } }),
    retry: false,
    onMutate: () => markReadInCache('all'),
    onSuccess: (answer) => setUnreadCount(answer.unreadCount),
    onError: refreshAll,
  });
}

/** The /ws message notifications-email's realtime routes send (contracts/src/realtime.ts). */
export const NOTIFICATIONS_CHANGED = 'notifications.changed';

/**
 * While mounted (the bell is, on every member page), a change pushed over /ws sets the badge at once and
 * refreshes the cached lists, batched with the spec's 300 ms debounce.
 */
export function useLiveNotifications() {
  const signedIn = useSessionStore((s) => Boolean(s.user));
  useEffect(() => {
    if (!signedIn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onRealtimeMessage(NOTIFICATIONS_CHANGED, (message) => {
      const unread = message.data.unreadCount;
      if (typeof unread === 'number') setUnreadCount(unread);
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
        REALTIME_DEBOUNCE_MS,
      );
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [signedIn]);
}
