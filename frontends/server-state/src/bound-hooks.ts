import {
  useInfiniteQuery as useTanstackInfiniteQuery,
  useMutation as useTanstackMutation,
  useQuery as useTanstackQuery,
} from '@tanstack/react-query';
import { queryClient } from './query-client.ts';

/*
 * TanStack Query hooks bound to the page's query client, so pages need no provider above them: the shell can
 * render the first page before this library has even loaded. Only the hooks MER uses: this package is a shared
 * singleton, and shared modules are not tree-shaken.
 */
export const useQuery: typeof useTanstackQuery = ((options: Parameters<typeof useTanstackQuery>[0]) =>
  useTanstackQuery(options, queryClient)) as typeof useTanstackQuery;
export const useMutation: typeof useTanstackMutation = ((
  options: Parameters<typeof useTanstackMutation>[0],
) => useTanstackMutation(options, queryClient)) as typeof useTanstackMutation;
/** Keyset-paginated lists (people discovery and connections tabs, the community feed). */
export const useInfiniteQuery: typeof useTanstackInfiniteQuery = ((
  options: Parameters<typeof useTanstackInfiniteQuery>[0],
) => useTanstackInfiniteQuery(options, queryClient)) as typeof useTanstackInfiniteQuery;
