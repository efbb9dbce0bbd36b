import type {
  Badge,
  City,
  CityList,
  CompleteOnboarding,
  CosmicProfile,
  InterestSuggestion,
  Language,
  MyProfile,
  NotificationPreferences,
  OnboardingDraft,
  OnboardingDraftData,
  Practice,
  PrivacySettings,
  PublicProfile,
  SaveOnboardingDraft,
  UpdateMyProfile,
} from '@mer/contracts';
import { ApiError } from './errors.ts';
import { apiRequest } from './http.ts';

/**
 * The one client of profile-onboarding's profile API (wizard, settings, profile pages, the shell's guard). The
 * shapes are the contracts' own types (type-only imports: nothing of TypeBox is bundled), and every path is
 * checked against the contract's route in contract-parity.test.ts. Photo uploads live in photos.ts and people.ts.
 */
export const PROFILE_API = '/api/v1/profile-onboarding';

/** Keyed by the contract's operation name (profileOnboardingRoutes / profileChartRoutes). */
export const PROFILE_PATHS = {
  myProfile: `${PROFILE_API}/profiles/me`,
  updateMyProfile: `${PROFILE_API}/profiles/me`,
  publicProfile: `${PROFILE_API}/profiles/:userId`,
  cities: `${PROFILE_API}/cities`,
  languages: `${PROFILE_API}/languages`,
  practices: `${PROFILE_API}/practices`,
  suggestInterest: `${PROFILE_API}/interest-suggestions`,
  getOnboardingDraft: `${PROFILE_API}/onboarding/draft`,
  saveOnboardingDraft: `${PROFILE_API}/onboarding/draft`,
  deleteOnboardingDraft: `${PROFILE_API}/onboarding/draft`,
  completeOnboarding: `${PROFILE_API}/onboarding/complete`,
  calculateChart: `${PROFILE_API}/charts/calculate`,
} as const;

export type {
  City,
  Language,
  Practice,
  MyProfile,
  PublicProfile,
  CosmicProfile,
  NotificationPreferences,
  PrivacySettings,
  OnboardingDraft,
  OnboardingDraftData,
};
export type ProfileBadge = Badge;
/** Settings' edit: only the fields given change. */
export type ProfilePatch = Omit<UpdateMyProfile, 'userId'>;
export type CompleteOnboardingInput = CompleteOnboarding;

export interface HumanDesign {
  type: string;
  strategy: string;
  authority: string;
  profile: string;
}

export type ChartRequest =
  | { birthDate: string; birthTime: string | null; cityId: string }
  | {
      birthDate: string;
      birthTime: string | null;
      latitude: number;
      longitude: number;
      birthLocation: string;
    };

/**
 * A birth time that did not exist (gap) or happened twice (overlap) at a clock change: the chart used the offset
 * in force before the change, or the first occurrence, and says so in `message`.
 */
export interface ChartTimeNote {
  kind: 'gap' | 'overlap';
  message: string;
  candidateOffsetsMinutes: number[];
  usedOffsetMinutes: number;
}

export interface ChartResult {
  sunSign: string;
  moonSign: string | null;
  risingSign: string | null;
  /** Set on a sign-cusp day: which sign the exact Sun position gave, and why. */
  cuspNote?: string | null;
  timeNote?: ChartTimeNote | null;
  /** Planets, nodes or the Ascendant that a birth time a minute off would move across a gate, line or sign. */
  boundaryNotes?: string[];
  humanDesign:
    | (HumanDesign & {
        definition?: string;
        incarnationCross?: string;
        interpretation?: string;
      })
    | null;
}

export type SuggestionOutcome = { suggestion: InterestSuggestion } | { practice: Practice };

export const profileApi = {
  /** The signed-in member's profile; 404 (Item Not Found) while none exists yet. */
  myProfile(signal?: AbortSignal): Promise<MyProfile> {
    return apiRequest('GET', PROFILE_PATHS.myProfile, { signal });
  },
  updateMyProfile(patch: ProfilePatch): Promise<MyProfile> {
    return apiRequest('PATCH', PROFILE_PATHS.updateMyProfile, { body: patch });
  },
  publicProfile(userId: string, signal?: AbortSignal): Promise<PublicProfile> {
    const path = PROFILE_PATHS.publicProfile.replace(':userId', encodeURIComponent(userId));
    return apiRequest('GET', path, { signal });
  },
  /** Without a query the first 20 cities, with one at most 10 (the server trims and limits). */
  searchCities(query: string, signal?: AbortSignal): Promise<CityList> {
    const q = query.trim();
    const path = q ? `${PROFILE_PATHS.cities}?q=${encodeURIComponent(q)}` : PROFILE_PATHS.cities;
    return apiRequest('GET', path, { signal });
  },
  languages(signal?: AbortSignal): Promise<{ languages: Language[] }> {
    return apiRequest('GET', PROFILE_PATHS.languages, { signal });
  },
  practices(signal?: AbortSignal): Promise<{ practices: Practice[] }> {
    return apiRequest('GET', PROFILE_PATHS.practices, { signal });
  },
  suggestInterest(name: string): Promise<SuggestionOutcome> {
    return apiRequest('POST', PROFILE_PATHS.suggestInterest, { body: { name } });
  },
  /** The server-side draft, or null when there is none (the server answers 200 with null). */
  async draft(signal?: AbortSignal): Promise<OnboardingDraft | null> {
    return (
      (await apiRequest<OnboardingDraft | null>('GET', PROFILE_PATHS.getOnboardingDraft, { signal })) ?? null
    );
  },
  saveDraft(draft: SaveOnboardingDraft): Promise<OnboardingDraft> {
    return apiRequest('PUT', PROFILE_PATHS.saveOnboardingDraft, { body: draft });
  },
  async deleteDraft(): Promise<void> {
    try {
      await apiRequest<void>('DELETE', PROFILE_PATHS.deleteOnboardingDraft);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  },
  completeOnboarding(input: CompleteOnboardingInput): Promise<MyProfile> {
    return apiRequest('POST', PROFILE_PATHS.completeOnboarding, { body: input });
  },
  calculateCharts(input: ChartRequest): Promise<ChartResult> {
    return apiRequest('POST', PROFILE_PATHS.calculateChart, { body: input });
  },
};
