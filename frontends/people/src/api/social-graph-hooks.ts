import { useEffect } from 'react';
import type { ConnectionStatus, RecommendationList, ReportReason } from '@mer/contracts';
import { useSessionStore } from '@mer/api-client';
import { onRealtimeMessage, useInfiniteQuery, useMutation, useQuery, queryClient } from '@mer/server-state';
import { RefreshBatcher } from '../domain/realtime-refresh.ts';
import type { PeopleFilters } from '../domain/people-filters.ts';
import * as api from './social-graph.ts';
import type { ConnectionList } from './social-graph.ts';
import { allSocialGraphKeys, keysStaleAfterConnectionChange, socialGraphKeys } from './social-graph-keys.ts';

/** Spec 001 section 9: the staleness class of realtime data (lists whose buttons show a live status). */
const LIVE_STALE_MS = 30_000;

/**
 * Whether the member may send and accept requests (social-graph's rule: onboarding completed and an active
 * membership). Refreshed with the membership's own staleness.
 */
export function useSocialGraphAccess() {
  return useQuery({
    queryKey: socialGraphKeys.access(),
    queryFn: ({ signal }) => api.myAccess(signal),
    staleTime: LIVE_STALE_MS,
  });
}

/** Discovery (/people), page by page (keyset cursors). */
export function useDiscovery(filters: PeopleFilters) {
  const query = api.discoveryQuery(filters);
  return useInfiniteQuery({
    queryKey: socialGraphKeys.discovery(query),
    queryFn: ({ pageParam, signal }) => api.discover(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: LIVE_STALE_MS,
  });
}

export function useRecommendations() {
  return useQuery({
    queryKey: socialGraphKeys.recommendations(),
    queryFn: ({ signal }) => api.recommendations(signal),
    staleTime: LIVE_STALE_MS,
  });
}

export function useDismissRecommendation() {
  return useMutation({
    mutationFn: (userId: string) => api.dismissRecommendation(userId),
    onMutate: (userId) => {
      // Hidden at once; the server keeps it hidden.
      queryClient.setQueryData<RecommendationList>(socialGraphKeys.recommendations(), (old) =>
        old ? { recommendations: old.recommendations.filter((r) => r.person.userId !== userId) } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: socialGraphKeys.recommendations() }),
  });
}

/**
 * One of the /connections tabs. Errors are thrown to the page's connection error boundary, which retries
 * recoverable ones and then shows 'Connection Error'.
 */
export function useConnectionList(list: ConnectionList) {
  return useInfiniteQuery({
    queryKey: socialGraphKeys.list(list),
    queryFn: ({ pageParam, signal }) => api.connectionList(list, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: LIVE_STALE_MS,
    throwOnError: true,
  });
}

/** Forgets a tab's failed answer so it loads afresh (the error boundary's Try Again and automatic retries). */
export function resetConnectionList(list: ConnectionList): void {
  void queryClient.resetQueries({ queryKey: socialGraphKeys.list(list) });
}

export function useConnectionStatus(userId: string) {
  return useQuery({
    queryKey: socialGraphKeys.status(userId),
    queryFn: ({ signal }) => api.connectionStatus(userId, signal),
    enabled: Boolean(userId),
    staleTime: LIVE_STALE_MS,
  });
}

export function useMutualConnections(userId: string) {
  return useQuery({
    queryKey: socialGraphKeys.mutual(userId),
    queryFn: ({ signal }) => api.mutualConnections(userId, signal),
  });
}

export function useCompatibility(userId: string) {
  return useQuery({
    queryKey: socialGraphKeys.compatibility(userId),
    queryFn: ({ signal }) => api.compatibility(userId, signal),
    // Charts change rarely: the static class.
    staleTime: 15 * 60_000,
  });
}

export type ConnectionChange =
  | { action: 'send'; userId: string; source?: api.RequestSource }
  | { action: 'accept' | 'decline' | 'cancel'; userId: string; requestId: string }
  | { action: 'remove'; userId: string };

function changeConnection(change: ConnectionChange): Promise<ConnectionStatus> {
  switch (change.action) {
    case 'send':
      return api.sendRequest(change.userId, change.source);
    case 'accept':
      return api.acceptRequest(change.requestId);
    case 'decline':
      return api.declineRequest(change.requestId);
    case 'cancel':
      return api.cancelRequest(change.requestId);
    case 'remove':
      return api.removeConnection(change.userId);
  }
}

/** Send, accept, decline, cancel or remove: the pair's status comes back and every list showing it refreshes. */
export function useConnectionChange() {
  return useMutation({
    mutationFn: changeConnection,
    onSuccess: (status, change) => {
      queryClient.setQueryData(socialGraphKeys.status(change.userId), status);
    },
    onSettled: (_status, _error, change) =>
      Promise.all(
        keysStaleAfterConnectionChange(change.userId).map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** Blocking is silent to the blocked member; everything about them refreshes here (they vanish from lists). */
export function useBlockMember() {
  return useMutation({
    mutationFn: (userId: string) => api.block(userId),
    onSettled: () =>
      Promise.all(allSocialGraphKeys().map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useReportMember() {
  return useMutation({
    mutationFn: (input: { userId: string; reason: ReportReason; details: string }) => api.reportMember(input),
  });
}

/** The /ws message social-graph's realtime route sends (contracts/src/realtime.ts). */
export const CONNECTIONS_CHANGED = 'connections.changed';

/**
 * While mounted, a change pushed over /ws by the other member (they sent, accepted, cancelled, removed; declines
 * only refresh) refreshes the matching cached lists, batched with the spec's 300 ms debounce.
 */
export function useLiveConnectionUpdates() {
  const signedIn = useSessionStore((s) => Boolean(s.user));
  useEffect(() => {
    if (!signedIn) return;
    const batcher = new RefreshBatcher<readonly unknown[]>((keys) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    });
    const stop = onRealtimeMessage(CONNECTIONS_CHANGED, (message) => {
      const other = typeof message.data.otherUserId === 'string' ? message.data.otherUserId : null;
      batcher.add(keysStaleAfterConnectionChange(other));
    });
    return () => {
      stop();
      batcher.cancel();
    };
  }, [signedIn]);
}
