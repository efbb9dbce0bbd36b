import {
  QueryClientProvider,
  useInfiniteQuery as useTanstackInfiniteQuery,
  useIsFetching as useTanstackIsFetching,
  useMutation as useTanstackMutation,
  useQuery as useTanstackQuery,
  useSuspenseQuery as useTanstackSuspenseQuery,
} from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/*
 * TanStack Query hooks bound to the page's query client, so pages need no provider above them: the shell can
 * render the first page before this library has even loaded.
 */
export const useQuery: typeof useTanstackQuery = ((options: Parameters<typeof useTanstackQuery>[0]) =>
  useTanstackQuery(options, queryClient)) as typeof useTanstackQuery;
export const useSuspenseQuery: typeof useTanstackSuspenseQuery = ((
  options: Parameters<typeof useTanstackSuspenseQuery>[0],
) => useTanstackSuspenseQuery(options, queryClient)) as typeof useTanstackSuspenseQuery;
export const useInfiniteQuery: typeof useTanstackInfiniteQuery = ((
  options: Parameters<typeof useTanstackInfiniteQuery>[0],
) => useTanstackInfiniteQuery(options, queryClient)) as typeof useTanstackInfiniteQuery;
export const useMutation: typeof useTanstackMutation = ((
  options: Parameters<typeof useTanstackMutation>[0],
) => useTanstackMutation(options, queryClient)) as typeof useTanstackMutation;
export const useIsFetching = (filters?: Parameters<typeof useTanstackIsFetching>[0]) =>
  useTanstackIsFetching(filters, queryClient);
export const useQueryClient = () => queryClient;

/** For third-party hooks that look the client up in context. */
export function ServerStateProvider({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: queryClient }, children);
}
