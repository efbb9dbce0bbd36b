/**
 * Calls of the people micro-frontend (profiles and settings) to profile-onboarding and identity.
 *
 * The profile types below mirror the agreed profile-onboarding API (/work/wt/PROFILE-API.md) while the
 * service's contracts are being written in parallel; when they are merged these local types give way to the
 * contracts' ones. Where the agreed text is silent the assumption is marked "assumed".
 */
import { apiRequest } from './http.ts';
import type { ServerNotice } from './identity.ts';

const PROFILE_BASE = '/api/v1/profile-onboarding';

export const PEOPLE_PATHS = {
  myProfile: `${PROFILE_BASE}/profiles/me`,
  profile: `${PROFILE_BASE}/profiles/:userId`,
  myPhoto: `${PROFILE_BASE}/profiles/me/photo`,
  cities: `${PROFILE_BASE}/cities`,
  languages: `${PROFILE_BASE}/languages`,
  practices: `${PROFILE_BASE}/practices`,
  myChart: `${PROFILE_BASE}/charts/me`,
  changeEmail: '/api/v1/identity/me/email',
  changePassword: '/api/v1/identity/me/password',
  deleteAccount: '/api/v1/identity/me',
} as const;

// Reference data has one shape for every page: the wizard's client owns it.
import type { City, Language, Practice } from './profile.ts';
export type { City, Language, Practice };

export interface ProfileBadge {
  type: string;
  label: string;
  priority: number;
}

/** Spec 001 section 3: every preference defaults to true. */
export interface NotificationPreferences {
  push_notifications: boolean;
  email_notifications: boolean;
  connection_requests: boolean;
  messages: boolean;
  mentions: boolean;
  post_reactions: boolean;
  post_comments: boolean;
  circle_invitations: boolean;
  circle_updates: boolean;
  event_reminders: boolean;
  event_updates: boolean;
  system_notifications: boolean;
}

/**
 * Spec 001 section 3: location_sharing, analytics and receive_emails (defaults true). `share_birth_data` is the
 * API's (contracts PrivacySettings, default false): whether other members see the birth data, signs and chart.
 */
export interface PrivacySettings {
  location_sharing: boolean;
  analytics: boolean;
  receive_emails: boolean;
  share_birth_data?: boolean;
}

export interface HumanDesign {
  type: string | null;
  strategy: string | null;
  authority: string | null;
  profile: string | null;
}

/** The fields a profile page shows; present on both the member's own profile and another member's. */
export interface PublicProfile {
  userId: string;
  name: string;
  username: string | null;
  bio: string | null;
  imageUrl: string | null;
  location: string | null;
  cityId: string | null;
  /** Language ids (the draft's languagesSpoken) — assumed alongside `languages`. */
  languagesSpoken?: string[];
  languages: { id: string; name: string }[];
  interests: string[];
  badges: ProfileBadge[];
  sunSign: string | null;
  moonSign: string | null;
  risingSign: string | null;
  /** Assumed: the Human Design fields flattened like the spec's profile columns. */
  humanDesignType: string | null;
  humanDesignStrategy: string | null;
  humanDesignAuthority: string | null;
  humanDesignProfile: string | null;
  createdAt?: string;
}

export interface MyProfile extends PublicProfile {
  email: string;
  onboardingCompleted: boolean;
  notificationPreferences: NotificationPreferences;
  privacySettings: PrivacySettings;
  updatedAt?: string;
}

export interface ProfilePatch {
  name?: string;
  bio?: string;
  cityId?: string;
  languageIds?: string[];
  interests?: string[];
  notificationPreferences?: Partial<NotificationPreferences>;
  privacySettings?: Partial<PrivacySettings>;
}

export const peopleApi = {
  myProfile(signal?: AbortSignal): Promise<MyProfile> {
    return apiRequest('GET', PEOPLE_PATHS.myProfile, { signal });
  },

  profile(userId: string, signal?: AbortSignal): Promise<PublicProfile> {
    return apiRequest('GET', PEOPLE_PATHS.profile.replace(':userId', encodeURIComponent(userId)), { signal });
  },

  updateMyProfile(patch: ProfilePatch): Promise<MyProfile> {
    return apiRequest('PATCH', PEOPLE_PATHS.myProfile, { body: patch });
  },

  setMyPhoto(photoId: string): Promise<{ imageUrl: string }> {
    return apiRequest('PUT', PEOPLE_PATHS.myPhoto, { body: { photoId } });
  },

  async searchCities(query: string, signal?: AbortSignal): Promise<City[]> {
    const q = query.trim();
    const path = q ? `${PEOPLE_PATHS.cities}?q=${encodeURIComponent(q)}` : PEOPLE_PATHS.cities;
    return (await apiRequest<{ cities: City[] }>('GET', path, { signal })).cities;
  },

  async languages(): Promise<Language[]> {
    return (await apiRequest<{ languages: Language[] }>('GET', PEOPLE_PATHS.languages)).languages;
  },

  async practices(): Promise<Practice[]> {
    return (await apiRequest<{ practices: Practice[] }>('GET', PEOPLE_PATHS.practices)).practices;
  },

  /** The change takes effect when the member opens the link sent to the new address. */
  changeEmail(input: { newEmail: string; currentPassword: string }): Promise<ServerNotice> {
    return apiRequest('POST', PEOPLE_PATHS.changeEmail, { body: input });
  },

  changePassword(input: {
    currentPassword: string;
    newPassword: string;
    confirmPassword: string;
  }): Promise<ServerNotice> {
    return apiRequest('POST', PEOPLE_PATHS.changePassword, { body: input });
  },

  deleteAccount(): Promise<ServerNotice> {
    return apiRequest('DELETE', PEOPLE_PATHS.deleteAccount);
  },
};
