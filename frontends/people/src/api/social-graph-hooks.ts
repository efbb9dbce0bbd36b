import { useEffect } from 'react';
import {
  onRealtimeMessage,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@mer/server-state';
import { RefreshBatcher } from '../domain/realtime-refresh.ts';
import type { PeopleFilters } from '../domain/people-filters.ts';
import { socialGraphApi, type ConnectionList, type StatusView } from './social-graph.ts';
import { keysStaleAfterConnectionChange, socialGraphKeys } from './social-graph-keys.ts';

/** Discovery (/people), page by page (keyset cursors). */
export function useDiscovery(filters: PeopleFilters) {
  return useInfiniteQuery({
    queryKey: socialGraphKeys.discovery(filters),
    queryFn: ({ pageParam, signal }) => socialGraphApi.discover(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A live list: a status button must not show last minute's truth.
    staleTime: 30_000,
  });
}

export function useRecommendations() {
  return useQuery({
    queryKey: socialGraphKeys.recommendations(),
    queryFn: ({ signal }) => socialGraphApi.recommendations(signal),
  });
}

export function useDismissRecommendation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => socialGraphApi.dismissRecommendation(userId),
    onMutate: (userId) => {
      // Hidden at once; the server keeps it hidden.
      client.setQueryData(
        socialGraphKeys.recommendations(),
        (old: Awaited<ReturnType<typeof socialGraphApi.recommendations>> | undefined) =>
          old ? { items: old.items.filter((r) => r.person.userId !== userId) } : old,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: socialGraphKeys.recommendations() }),
  });
}

/**
 * One of the /connections tabs. Errors are thrown to the page's connection error boundary, which retries
 * recoverable ones and then shows 'Connection Error'.
 */
export function useConnectionList(list: ConnectionList) {
  return useInfiniteQuery({
    queryKey: socialGraphKeys.list(list),
    queryFn: ({ pageParam, signal }) => socialGraphApi.list(list, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
    throwOnError: true,
  });
}

export function useConnectionStatus(userId: string, enabled = true) {
  return useQuery({
    queryKey: socialGraphKeys.status(userId),
    queryFn: ({ signal }) => socialGraphApi.status(userId, signal),
    enabled: enabled && Boolean(userId),
    staleTime: 30_000,
  });
}

export function useMutualConnections(userId: string, enabled = true) {
  return useQuery({
    queryKey: socialGraphKeys.mutual(userId),
    queryFn: ({ signal }) => socialGraphApi.mutual(userId, signal),
    enabled,
  });
}

export function useCompatibility(userId: string, enabled = true) {
  return useQuery({
    queryKey: socialGraphKeys.compatibility(userId),
    queryFn: ({ signal }) => socialGraphApi.compatibility(userId, signal),
    enabled,
    staleTime: 15 * 60_000,
  });
}

export type ConnectionChange =
  | { action: 'send'; userId: string }
  | { action: 'accept' | 'decline' | 'cancel'; userId: string; requestId: string }
  | { action: 'remove'; userId: string };

function changeConnection(change: ConnectionChange): Promise<StatusView> {
  switch (change.action) {
    case 'send':
      return socialGraphApi.sendRequest(change.userId);
    case 'accept':
      return socialGraphApi.accept(change.requestId);
    case 'decline':
      return socialGraphApi.decline(change.requestId);
    case 'cancel':
      return socialGraphApi.cancel(change.requestId);
    case 'remove':
      return socialGraphApi.removeConnection(change.userId);
  }
}

/** Send, accept, decline, cancel or remove: the pair's status comes back and every list showing it refreshes. */
export function useConnectionChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeConnection,
    onSuccess: (status, change) => {
      if (status) client.setQueryData(socialGraphKeys.status(change.userId), status);
    },
    onSettled: (_s, _e, change) => {
      for (const queryKey of keysStaleAfterConnectionChange(change.userId))
        void client.invalidateQueries({ queryKey });
    },
  });
}

/** Blocking is silent to the blocked member; everything about them refreshes (they vanish from discovery). */
export function useBlockMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => socialGraphApi.block(userId),
    onSettled: () => client.invalidateQueries({ queryKey: socialGraphKeys.all }),
  });
}

export function useReportMember() {
  return useMutation({
    mutationFn: (input: { userId: string; reason: string; details: string }) =>
      socialGraphApi.report(input.userId, input.reason, input.details),
  });
}

/** The /ws message types that say one of my connections or requests changed (contracts/src/realtime.ts). */
export const CONNECTION_REALTIME_TYPES = ['social-graph.connection.changed'] as const;

/**
 * While mounted, a change to one of my connection requests pushed over /ws (the other member sent, accepted,
 * declined, cancelled or removed) refreshes the matching cached lists, batched with the spec's 300 ms debounce.
 */
export function useLiveConnectionUpdates() {
  const client = useQueryClient();
  useEffect(() => {
    const batcher = new RefreshBatcher<readonly unknown[]>((keys) => {
      for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    });
    const stops = CONNECTION_REALTIME_TYPES.map((type) =>
      onRealtimeMessage(type, (message) => {
        const other = typeof message.data.otherUserId === 'string' ? message.data.otherUserId : null;
        batcher.add(keysStaleAfterConnectionChange(other));
      }),
    );
    return () => {
      for (const stop of stops) stop();
      batcher.cancel();
    };
  }, [client]);
}
