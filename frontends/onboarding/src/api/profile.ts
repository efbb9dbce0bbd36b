import type {
  ChartBirthInput,
  CompleteOnboarding,
  OnboardingDraft,
  SaveOnboardingDraft,
} from '@mer/contracts';
import { profileOnboarding } from '@mer/contracts/browser';
import { ApiError, call, routeKey } from '@mer/api-client';
import { keepPreviousData, useMutation, useQuery } from '@mer/server-state';

/*
 * The onboarding remote's calls to profile-onboarding (the wizard): typed by the contracts' route table, sent by
 * `call`, cached under keys derived from the routes (so the people remote's languages are the same cache entry).
 * Mutations are not retried: a member's action (a submit, a click) is not repeated behind their back.
 */

export const profileKeys = {
  languages: () => routeKey(profileOnboarding.languages),
  practices: () => routeKey(profileOnboarding.practices),
  /** '' is the list without a search (the 20 biggest cities). */
  cities: (term: string) => routeKey(profileOnboarding.cities, { query: { q: term } }),
  draft: () => routeKey(profileOnboarding.getOnboardingDraft),
};

/** Without a term the first 20 cities, with one at most 10 (the server trims and limits). */
export function searchCities(term: string, signal?: AbortSignal) {
  const q = term.trim();
  return call(profileOnboarding.cities, { query: q ? { q } : {}, signal });
}

export function useLanguages() {
  return useQuery({
    queryKey: profileKeys.languages(),
    queryFn: ({ signal }) => call(profileOnboarding.languages, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function usePractices() {
  return useQuery({
    queryKey: profileKeys.practices(),
    queryFn: ({ signal }) => call(profileOnboarding.practices, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The city list for a (debounced) term; the previous list stays while the next one loads. */
export function useCitySearch(term: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: profileKeys.cities(term),
    queryFn: ({ signal }) => searchCities(term, signal),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

export function useSuggestInterest() {
  return useMutation({
    mutationFn: (name: string) => call(profileOnboarding.suggestInterest, { body: { name } }),
    retry: false,
  });
}

/** The server-side draft, or null when there is none; read afresh each time the wizard opens. */
export function useOnboardingDraft() {
  return useQuery({
    queryKey: profileKeys.draft(),
    queryFn: async ({ signal }): Promise<OnboardingDraft | null> =>
      (await call(profileOnboarding.getOnboardingDraft, { signal })) ?? null,
    // Another device may have moved on since.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function saveDraft(draft: SaveOnboardingDraft) {
  return call(profileOnboarding.saveOnboardingDraft, { body: draft });
}

/** Forgets the server-side draft (one already gone counts as done). */
export async function deleteDraft(): Promise<void> {
  try {
    await call(profileOnboarding.deleteOnboardingDraft);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useCompleteOnboarding() {
  return useMutation({
    mutationFn: (input: CompleteOnboarding) => call(profileOnboarding.completeOnboarding, { body: input }),
    retry: false,
  });
}

/** Signs and Human Design for birth data; stores nothing. */
export function useCalculateChart() {
  return useMutation({
    mutationFn: (input: ChartBirthInput) => call(profileOnboarding.calculateChart, { body: input }),
    retry: false,
  });
}
