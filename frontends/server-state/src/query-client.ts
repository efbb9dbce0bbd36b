import { QueryClient } from '@tanstack/react-query';
import { isClientError, isSecurityError, useSessionStore } from '@mer/api-client';

/**
 * The spec's data-cache policy (section 9 of both documents): stale after 2 min, kept 10 min, at most one retry
 * and none on 4xx or security errors, no refetch on window focus; mutations retry once.
 * Mutations are not retried after a 4xx either: the same request would fail the same way, and repeating a
 * rejected login would only count twice against the rate limit.
 */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 2 * 60_000,
        gcTime: 10 * 60_000,
        retry: (failureCount, error) => failureCount < 1 && !isClientError(error) && !isSecurityError(error),
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: (failureCount, error) => failureCount < 1 && !isClientError(error) && !isSecurityError(error),
      },
    },
  });
}

function createPageQueryClient(): QueryClient {
  const client = createQueryClient();
  // Spec: sign-out clears the cache; sign-in refreshes cached data (500 ms later, with the local-state cleanup).
  useSessionStore.subscribe((state, previous) => {
    if (state.status === 'signed-out' && previous.status !== 'signed-out') client.clear();
    if (
      state.status === 'signed-in' &&
      previous.status !== 'signed-in' &&
      previous.status !== 'initializing'
    ) {
      setTimeout(() => void client.invalidateQueries(), 500);
    }
  });
  return client;
}

/** The one query client of the page, shared by the shell and every remote (this package is a singleton). */
export const queryClient = createPageQueryClient();
