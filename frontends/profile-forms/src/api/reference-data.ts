import { profileOnboarding } from '@mer/contracts/browser';
import { call, routeKey } from '@mer/api-client';
import { keepPreviousData, useQuery } from '@mer/server-state';

/*
 * The lists every profile form picks from (the wizard and Settings): languages, practices and cities, from
 * profile-onboarding. One definition for both remotes, so their reads are the same cache entries. Each remote
 * passes them on from its own src/api/profile.ts.
 */

export const referenceDataKeys = {
  languages: () => routeKey(profileOnboarding.languages),
  practices: () => routeKey(profileOnboarding.practices),
  /** '' is the list without a search (the 20 biggest cities). */
  cities: (term: string) => routeKey(profileOnboarding.cities, { query: { q: term } }),
};

export function useLanguages() {
  return useQuery({
    queryKey: referenceDataKeys.languages(),
    queryFn: ({ signal }) => call(profileOnboarding.languages, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function usePractices() {
  return useQuery({
    queryKey: referenceDataKeys.practices(),
    queryFn: ({ signal }) => call(profileOnboarding.practices, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Without a term the first 20 cities, with one at most 10 (the server trims and limits). */
export function searchCities(term: string, signal?: AbortSignal) {
  const q = term.trim();
  return call(profileOnboarding.cities, { query: q ? { q } : {}, signal });
}

/** The city list for a (debounced) term; the previous list stays while the next one loads. */
export function useCitySearch(term: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: referenceDataKeys.cities(term),
    queryFn: ({ signal }) => searchCities(term, signal),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}
