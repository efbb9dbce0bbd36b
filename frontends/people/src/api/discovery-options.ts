import { profileApi } from '@mer/api-client';
import { useQuery } from '@mer/server-state';

/** The practice and language names the /people filter chips offer (profile-onboarding's reference lists). */
export const discoveryOptionKeys = {
  practices: () => ['profile-onboarding', 'practices'] as const,
  languages: () => ['profile-onboarding', 'languages'] as const,
};

export function usePracticeNames(enabled: boolean) {
  return useQuery({
    queryKey: discoveryOptionKeys.practices(),
    queryFn: async ({ signal }) => (await profileApi.practices(signal)).practices.map((p) => p.name),
    enabled,
    staleTime: 15 * 60_000,
  });
}

export function useLanguageNames(enabled: boolean) {
  return useQuery({
    queryKey: discoveryOptionKeys.languages(),
    queryFn: async ({ signal }) => (await profileApi.languages(signal)).languages.map((l) => l.name),
    enabled,
    staleTime: 15 * 60_000,
  });
}
