import { SearchLimits, type SearchFilters } from '@mer/contracts';
import { search, type ResponseOfRoute } from '@mer/contracts/browser';
import { call, routeKey } from '@mer/api-client';
import { queryClient, useMutation, useQuery } from '@mer/server-state';

/*
 * The search dialog's calls to the search service: typed by the contracts' browser route table, sent by `call`,
 * cached under keys derived from the routes. Components use these hooks and never `call` themselves. Mutations
 * are not retried: a member's action is not repeated behind their back.
 */

export type SearchResult = ResponseOfRoute<typeof search.search>['results'][number];
export type Suggestion = ResponseOfRoute<typeof search.suggestions>['suggestions'][number];
export type HistoryEntry = ResponseOfRoute<typeof search.history>['entries'][number];
export type SavedSearch = ResponseOfRoute<typeof search.savedSearches>['savedSearches'][number];
export type PopularSearch = ResponseOfRoute<typeof search.popular>['searches'][number];

/** What the dialog searches with: the query, the AI toggle and the filters popover's choices. */
export interface SearchRequest {
  q: string;
  ai: boolean;
  filters: SearchFilters;
  nearMe?: boolean;
}

export const searchKeys = {
  results: (request: SearchRequest) => [...routeKey(search.search), request] as const,
  suggestions: (q: string) => routeKey(search.suggestions, { query: { q } }),
  history: () => routeKey(search.history),
  saved: () => routeKey(search.savedSearches),
  popular: () => routeKey(search.popular),
};

function queryOf(request: SearchRequest) {
  const { filters } = request;
  return {
    q: request.q,
    ai: request.ai || undefined,
    types: filters.types?.length ? filters.types : undefined,
    locations: filters.locations?.length ? filters.locations : undefined,
    categories: filters.categories?.length ? filters.categories : undefined,
    from: filters.dateRange?.start,
    to: filters.dateRange?.end,
    sortBy: filters.sortBy,
    nearMe: request.nearMe || undefined,
  };
}

/**
 * The results of a (debounced) query. Spec 001 section 8: a search failure yields empty results, so a failed
 * call answers an empty list rather than an error. Cached 5 minutes (section 9).
 */
export function useSearchResults(request: SearchRequest) {
  return useQuery({
    queryKey: searchKeys.results(request),
    enabled: request.q.trim() !== '',
    staleTime: SearchLimits.cacheTtlMs,
    retry: false,
    queryFn: async ({ signal }): Promise<SearchResult[]> => {
      try {
        return (await call(search.search, { query: queryOf(request), signal })).results;
      } catch {
        return [];
      }
    },
  });
}

export function useSuggestions(q: string) {
  return useQuery({
    queryKey: searchKeys.suggestions(q),
    enabled: q.trim() !== '',
    staleTime: SearchLimits.cacheTtlMs,
    retry: false,
    queryFn: ({ signal }) => call(search.suggestions, { query: { q }, signal }),
    select: (answer) => answer.suggestions.slice(0, SearchLimits.suggestions),
  });
}

export function useRecentSearches() {
  return useQuery({
    queryKey: searchKeys.history(),
    queryFn: ({ signal }) => call(search.history, { signal }),
    select: (answer) => answer.entries.slice(0, SearchLimits.recentShown),
  });
}

export function useSavedSearches() {
  return useQuery({
    queryKey: searchKeys.saved(),
    queryFn: ({ signal }) => call(search.savedSearches, { signal }),
    select: (answer) => answer.savedSearches.slice(0, SearchLimits.savedShown),
  });
}

export function usePopularSearches() {
  return useQuery({
    queryKey: searchKeys.popular(),
    queryFn: ({ signal }) => call(search.popular, { signal }),
    select: (answer) => answer.searches.slice(0, SearchLimits.popular),
  });
}

/** Records a search the member ran (with its result count), so it shows under recent searches. */
export function useRecordSearch() {
  return useMutation({
    mutationFn: (entry: { query: string; resultCount: number; filters: SearchFilters }) =>
      call(search.recordSearch, { body: entry }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchKeys.history() }),
  });
}

export function useClearHistory() {
  return useMutation({
    mutationFn: () => call(search.clearHistory),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchKeys.history() }),
  });
}

export function useSaveSearch() {
  return useMutation({
    mutationFn: (body: { name: string; query: string; filters: SearchFilters }) =>
      call(search.saveSearch, { body }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchKeys.saved() }),
  });
}
