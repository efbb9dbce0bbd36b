import type { ColumnType, Selectable } from 'kysely';

/** profile-onboarding's tables as Kysely sees them (its own schema; search_path points there). Times are timestamptz. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** jsonb: parsed on read, written as JSON text. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface ProfilesTable {
  user_id: string;
  name: ColumnType<string, string | undefined, string>;
  username: string;
  email: string;
  bio: ColumnType<string | null, string | null | undefined, string | null>;
  image_url: ColumnType<string | null, string | null | undefined, string | null>;
  location: ColumnType<string | null, string | null | undefined, string | null>;
  languages_spoken: Json<unknown>;
  interests: Json<unknown>;
  onboarding_completed: ColumnType<boolean, boolean | undefined, boolean>;
  role: ColumnType<string | null, string | null | undefined, string | null>;
  is_facilitator: ColumnType<boolean, boolean | undefined, boolean>;
  notification_preferences: Json<unknown>;
  privacy_settings: Json<unknown>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  city_id: Nullable<string>;
  birth_date: Nullable<string>;
  birth_time: Nullable<string>;
  birth_location: Nullable<string>;
  birth_latitude: Nullable<number>;
  birth_longitude: Nullable<number>;
  sun_sign: Nullable<string>;
  moon_sign: Nullable<string>;
  rising_sign: Nullable<string>;
  human_design_type: Nullable<string>;
  human_design_strategy: Nullable<string>;
  human_design_authority: Nullable<string>;
  human_design_profile: Nullable<string>;
  community_id: Nullable<string>;
  contact_info: Json<unknown>;
}

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface LanguagesTable {
  id: string;
  code: string;
  name: string;
  is_popular: boolean;
}

export interface PracticesTable {
  id: ColumnType<string, string | undefined, never>;
  name: string;
  category: string;
  icon_name: Nullable<string>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  is_popular: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface UserPracticesTable {
  user_id: string;
  practice_id: string;
  source: string;
  is_active: boolean;
  proficiency_level: string;
  practice_frequency: string;
  frequency_count: number;
  experience_stage: string;
  intensity_level: string;
  practice_goals: Json<unknown>;
  created_at: CreatedAt;
}

export interface InterestSuggestionsTable {
  id: ColumnType<string, string | undefined, never>;
  user_id: Nullable<string>;
  suggested_name: string;
  status: ColumnType<string, string | undefined, string>;
  reviewed_by: Nullable<string>;
  reviewed_at: Nullable<Date>;
  rejection_reason: Nullable<string>;
  created_at: CreatedAt;
}

export interface OnboardingDraftsTable {
  user_id: string;
  step: number;
  data: Json<unknown>;
  started_at: ColumnType<Date, Date | string, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Billing's memberships, one row per membership (0006_badges.sql). */
export interface MemberMembershipsTable {
  membership_id: string;
  user_id: string;
  plan_name: string;
  inner_circle: boolean;
  status: string;
  expires_at: Nullable<Date>;
  cancel_at_period_end: boolean;
  occurred_at: ColumnType<Date, Date | string, Date | string>;
}

/** Identity's roles and admin record (0006_badges.sql). */
export interface MemberRolesTable {
  user_id: string;
  roles: Json<unknown>;
  is_admin: boolean;
  occurred_at: ColumnType<Date, Date | string, Date | string>;
}

export interface PhotosTable {
  id: string;
  user_id: string;
  storage_key: string;
  width: number;
  height: number;
  face_count: number;
  created_at: CreatedAt;
  /** When it stopped being its member's profile photo (0006); null while current or never used. */
  replaced_at: Nullable<Date>;
}

export interface PhotoDeletionsTable {
  storage_key: string;
  queued_at: CreatedAt;
}

/** Charts (0005_charts.sql). */
export interface AstrologyProfilesTable {
  user_id: string;
  sun_sign: string;
  moon_sign: string | null;
  rising_sign: string | null;
  cusp_note: string | null;
  birth_date: ColumnType<Date | string, string, string>;
  birth_time: string | null;
  birth_location: string | null;
  birth_latitude: number | null;
  birth_longitude: number | null;
  time_zone: string | null;
  birth_instant: ColumnType<Date | null, Date | null, Date | null>;
  time_note: ColumnType<unknown, string | null, string | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface HumanDesignChartsTable {
  user_id: string;
  type: string;
  strategy: string;
  authority: string;
  profile: string;
  definition: string;
  incarnation_cross: string;
  active_gates: Json<unknown>;
  chart: Json<unknown>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/**
 * Every table of profile-onboarding's schema (the runtime's own outbox, processed_events and member_tombstones
 * are the runtime's business). Repositories take Kysely<ProfileOnboardingTables>; a transaction is one.
 */
export interface ProfileOnboardingTables {
  profiles: ProfilesTable;
  photos: PhotosTable;
  photo_deletions: PhotoDeletionsTable;
  languages: LanguagesTable;
  practices: PracticesTable;
  user_practices: UserPracticesTable;
  interest_suggestions: InterestSuggestionsTable;
  onboarding_drafts: OnboardingDraftsTable;
  member_memberships: MemberMembershipsTable;
  member_roles: MemberRolesTable;
  astrology_profiles: AstrologyProfilesTable;
  human_design_charts: HumanDesignChartsTable;
}

export type ProfileRow = Selectable<ProfilesTable>;
export type PracticeRow = Selectable<PracticesTable>;
export type LanguageRow = Selectable<LanguagesTable>;
export type InterestSuggestionRow = Selectable<InterestSuggestionsTable>;
export type OnboardingDraftRow = Selectable<OnboardingDraftsTable>;
export type MemberMembershipRow = Selectable<MemberMembershipsTable>;
export type MemberRolesRow = Selectable<MemberRolesTable>;
