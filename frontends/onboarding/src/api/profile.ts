import type {
  ChartBirthInput,
  CompleteOnboarding,
  OnboardingDraft,
  SaveOnboardingDraft,
} from '@mer/contracts';
import { profileOnboarding } from '@mer/contracts/browser';
import { ApiError, call, routeKey } from '@mer/api-client';
import { useMutation, useQuery } from '@mer/server-state';

export { searchCities, useCitySearch, useLanguages, usePractices } from '@mer/profile-forms';

/*
 * The onboarding remote's calls to profile-onboarding (the wizard): typed by the contracts' route table, sent
 * by `call`, cached under keys derived from the routes. The lists the forms pick from (languages, practices,
 * cities) come from @mer/profile-forms, shared with the people remote.
 * Mutations are not retried: a member's action (a submit, a click) is not repeated behind their back.
 */

export const profileKeys = {
  draft: () => routeKey(profileOnboarding.getOnboardingDraft),
};

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
