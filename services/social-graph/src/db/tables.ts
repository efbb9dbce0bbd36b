import type { ColumnType, Kysely, Selectable } from 'kysely';

/** social-graph's tables as Kysely sees them (its own schema; search_path points there). Times are timestamptz. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface MemberBadge {
  type: string;
  label: string;
  priority: number;
}

/** A member's shared chart summary (only when they share their birth data). */
export interface MemberChart {
  sunSign: string;
  moonSign: string | null;
  risingSign: string | null;
  humanDesignType: string | null;
  humanDesignGates: number[] | null;
}

export interface MembersTable {
  user_id: string;
  name: Defaulted<string>;
  username: Defaulted<string>;
  image_url: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  location_sharing: Defaulted<boolean>;
  show_in_discovery: Defaulted<boolean>;
  languages: Defaulted<string[]>;
  practices: Defaulted<string[]>;
  practices_key: Defaulted<string[]>;
  badges: ColumnType<MemberBadge[], string | undefined, string>;
  sun_sign: string | null;
  human_design_type: string | null;
  chart: ColumnType<MemberChart | null, string | null, string | null>;
  onboarded: Defaulted<boolean>;
  onboarded_at: Date | null;
  search_text: Defaulted<string>;
  profile_at: Date | null;
  created_at: Defaulted<Date>;
}

export interface ConnectionRequestsTable {
  id: string;
  sender_id: string;
  receiver_id: string;
  status: 'pending' | 'accepted';
  deleted: Defaulted<boolean>;
  email_sent: Defaulted<boolean>;
  source: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Defaulted<Date>;
  accepted_at: Date | null;
  updated_at: Defaulted<Date>;
}

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: Defaulted<Date>;
}

export interface MutesTable {
  muter_id: string;
  muted_id: string;
  created_at: Defaulted<Date>;
}

export interface MemberReportsTable {
  id: string;
  reporter_id: string;
  reported_id: string;
  reason: string;
  details: string | null;
  created_at: Defaulted<Date>;
}

export interface RecommendationDismissalsTable {
  user_id: string;
  dismissed_user_id: string;
  created_at: Defaulted<Date>;
}

export interface RecommendationModelsTable {
  version: number;
  model: ColumnType<unknown, string, string>;
  trained_at: Defaulted<Date>;
}

export interface MemberMembershipsTable {
  membership_id: string;
  user_id: string;
  status: 'active' | 'cancelled' | 'expired';
  expires_at: Date | null;
  cancel_at_period_end: Defaulted<boolean>;
  occurred_at: Date;
}

export interface SocialGraphTables {
  members: MembersTable;
  connection_requests: ConnectionRequestsTable;
  blocks: BlocksTable;
  mutes: MutesTable;
  member_reports: MemberReportsTable;
  recommendation_dismissals: RecommendationDismissalsTable;
  recommendation_models: RecommendationModelsTable;
  member_memberships: MemberMembershipsTable;
}

export type SocialGraphDb = Kysely<SocialGraphTables>;
export type MemberRow = Selectable<MembersTable>;
export type ConnectionRequestRow = Selectable<ConnectionRequestsTable>;
