import { ApiError } from './errors.ts';
import { apiRequest } from './http.ts';

/**
 * Calls to profile-onboarding's wizard API (`/work/wt/PROFILE-API.md`). The shapes are declared here, mirroring
 * the agreed API, until its TypeBox contracts are merged; then they become the contracts' types.
 */
export const PROFILE_API = '/api/v1/profile-onboarding';

export interface City {
  id: string;
  name: string;
  country: string;
  countryCode: string;
  region: string | null;
  /** "Lisbon, Lisbon, Portugal" */
  label: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

export interface Language {
  id: string;
  code: string;
  name: string;
  isPopular: boolean;
}

export interface Practice {
  id: string;
  name: string;
  category: string;
  isPopular: boolean;
  iconName: string | null;
}

export interface BirthData {
  /** yyyy-MM-dd */
  birthDate: string;
  /** HH:mm */
  birthTime: string | null;
  birthLocation: string;
  cityId: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** What the wizard remembers between visits (every field optional on the server). */
export interface OnboardingDraftData {
  name?: string;
  username?: string;
  bio?: string;
  imageUrl?: string;
  location?: string;
  cityId?: string;
  interests?: string[];
  /** Language ids. */
  languagesSpoken?: string[];
  termsAccepted?: boolean;
  cosmicOptIn?: 'yes' | 'no' | null;
  birthData?: BirthData | null;
  sunSign?: string | null;
  moonSign?: string | null;
  risingSign?: string | null;
  humanDesignType?: string | null;
  humanDesignStrategy?: string | null;
  humanDesignAuthority?: string | null;
  humanDesignProfile?: string | null;
}

export interface OnboardingDraft {
  /** 0..6 */
  step: number;
  startedAt: string;
  updatedAt: string;
  data: OnboardingDraftData;
}

export interface HumanDesign {
  type: string;
  strategy: string;
  authority: string;
  profile: string;
}

export interface CompleteOnboardingInput {
  name: string;
  bio: string;
  cityId: string;
  languageIds: string[];
  interests: string[];
  imageUrl: string;
  termsAccepted: true;
  cosmic: null | {
    birthDate: string;
    birthTime: string | null;
    cityId: string;
    sunSign: string;
    moonSign: string | null;
    risingSign: string | null;
    humanDesign: HumanDesign | null;
  };
}

export interface MyProfileDetails {
  userId: string;
  name: string | null;
  username: string | null;
  email: string;
  bio: string | null;
  imageUrl: string | null;
  location: string | null;
  cityId?: string | null;
  languagesSpoken: string[];
  languages?: Array<{ id: string; name: string }>;
  interests: string[];
  onboardingCompleted: boolean;
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
  humanDesign:
    | (HumanDesign & {
        definition?: string;
        incarnationCross?: string;
        interpretation?: string;
      })
    | null;
}

export type SuggestionOutcome =
  | { suggestion: { id: string; suggestedName: string; status: 'pending'; createdAt: string } }
  | { practice: Practice };

export const profileApi = {
  /** Without a query the first 20 cities, with one at most 10 (the server trims and limits). */
  searchCities(query: string, signal?: AbortSignal): Promise<{ cities: City[] }> {
    const q = query.trim();
    const path = q ? `${PROFILE_API}/cities?q=${encodeURIComponent(q)}` : `${PROFILE_API}/cities`;
    return apiRequest('GET', path, { signal });
  },
  languages(signal?: AbortSignal): Promise<{ languages: Language[] }> {
    return apiRequest('GET', `${PROFILE_API}/languages`, { signal });
  },
  practices(signal?: AbortSignal): Promise<{ practices: Practice[] }> {
    return apiRequest('GET', `${PROFILE_API}/practices`, { signal });
  },
  suggestInterest(name: string): Promise<SuggestionOutcome> {
    return apiRequest('POST', `${PROFILE_API}/interest-suggestions`, { body: { name } });
  },
  /** The server-side draft, or null when there is none (404). */
  async draft(signal?: AbortSignal): Promise<OnboardingDraft | null> {
    try {
      return await apiRequest<OnboardingDraft>('GET', `${PROFILE_API}/onboarding/draft`, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  saveDraft(draft: { step: number; startedAt: string; data: OnboardingDraftData }): Promise<OnboardingDraft> {
    return apiRequest('PUT', `${PROFILE_API}/onboarding/draft`, { body: draft });
  },
  async deleteDraft(): Promise<void> {
    try {
      await apiRequest<void>('DELETE', `${PROFILE_API}/onboarding/draft`);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  },
  completeOnboarding(input: CompleteOnboardingInput): Promise<MyProfileDetails> {
    return apiRequest('POST', `${PROFILE_API}/onboarding/complete`, { body: input });
  },
  /** The member's own profile, or null while none exists (404 Item Not Found). */
  async myProfile(signal?: AbortSignal): Promise<MyProfileDetails | null> {
    try {
      return await apiRequest<MyProfileDetails>('GET', `${PROFILE_API}/profiles/me`, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  calculateCharts(input: ChartRequest): Promise<ChartResult> {
    return apiRequest('POST', `${PROFILE_API}/charts/calculate`, { body: input });
  },
};
