import { profileOnboarding } from '@mer/contracts/browser';
import { call, routeKey } from '@mer/api-client';
import { useQuery } from '@mer/server-state';

/** The practices and languages the /people filters offer (profile-onboarding's reference lists). */
export const discoveryOptionKeys = {
  practices: () => routeKey(profileOnboarding.practices),
  languages: () => routeKey(profileOnboarding.languages),
};

/** Reference data: the static staleness class (15 min). Loaded only once the filters are opened. */
const REFERENCE_STALE_MS = 15 * 60_000;

export function usePracticeNames(enabled: boolean) {
  return useQuery({
    queryKey: discoveryOptionKeys.practices(),
    queryFn: ({ signal }) => call(profileOnboarding.practices, { signal }),
    select: (data) => data.practices.map((p) => p.name),
    enabled,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useLanguageOptions(enabled: boolean) {
  return useQuery({
    queryKey: discoveryOptionKeys.languages(),
    queryFn: ({ signal }) => call(profileOnboarding.languages, { signal }),
    select: (data) => data.languages.map((l) => ({ value: l.id, label: l.name })),
    enabled,
    staleTime: REFERENCE_STALE_MS,
  });
}
