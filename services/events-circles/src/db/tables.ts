import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';

/** events-circles's tables as Kysely sees them (its own schema; search_path points there). Times are timestamptz. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type Approval = 'pending' | 'approved' | 'rejected';
export type GatheringType = 'in_person' | 'online' | 'hybrid';
export type ScheduleStatus = 'scheduled' | 'cancelled';
export type TargetKind = 'event' | 'occurrence';
export type RsvpState = 'going' | 'waitlisted' | 'not_going';

export interface MembersTable {
  user_id: string;
  name: string;
  username: string;
  image_url: string | null;
  city_id: string | null;
  latitude: number | null;
  longitude: number | null;
  interests: Defaulted<string[]>;
  onboarded: Defaulted<boolean>;
  occurred_at: Date;
}

export interface MembershipsTable {
  membership_id: string;
  user_id: string;
  status: string;
  expires_at: Date | null;
  occurred_at: Date;
}

export interface ConnectionsTable {
  user_id: string;
  other_id: string;
  connected: boolean;
  occurred_at: Date;
}

export interface PhotosTable {
  id: string;
  owner_id: string;
  storage_key: string;
  width: number;
  height: number;
  created_at: Defaulted<Date>;
}

export interface CirclesTable {
  id: string;
  name: string;
  description: string;
  category: string;
  join_policy: 'open' | 'request' | 'invitation';
  city_id: string | null;
  city_label: string | null;
  latitude: number | null;
  longitude: number | null;
  cover_photo_id: string | null;
  holder_id: string;
  approval_status: Defaulted<Approval>;
  rejection_reason: Defaulted<string | null>;
  reviewed_by: Defaulted<string | null>;
  reviewed_at: Defaulted<Date | null>;
  member_count: Defaulted<number>;
  created_at: Defaulted<Date>;
  updated_at: Defaulted<Date>;
  /** Hidden by a moderator (issue 20). */
  hidden_at: Defaulted<Date | null>;
}

export interface CircleMembersTable {
  circle_id: string;
  user_id: string;
  status: 'member' | 'requested' | 'invited';
  role: Defaulted<'holder' | 'moderator' | 'member'>;
  invited_by: Defaulted<string | null>;
  created_at: Defaulted<Date>;
  joined_at: Defaulted<Date | null>;
}

export interface CircleUpdatesTable {
  id: string;
  circle_id: string;
  author_id: string;
  update_type: 'announcement' | 'update';
  title: string;
  body: string;
  created_at: Defaulted<Date>;
}

export interface ForumTopicsTable {
  id: string;
  circle_id: string;
  title: string;
  description: Defaulted<string>;
  created_by: string;
  created_at: Defaulted<Date>;
}

export interface CircleDiscussionsTable {
  id: string;
  circle_id: string;
  topic_id: string | null;
  author_id: string;
  title: string;
  body: string;
  reply_count: Defaulted<number>;
  created_at: Defaulted<Date>;
  last_activity_at: Defaulted<Date>;
  hidden_at: Defaulted<Date | null>;
}

export interface CircleDiscussionRepliesTable {
  id: string;
  discussion_id: string;
  author_id: string;
  body: string;
  created_at: Defaulted<Date>;
  hidden_at: Defaulted<Date | null>;
}

export interface CirclePostsTable {
  id: string;
  circle_id: string;
  author_id: string;
  content: string;
  created_at: Defaulted<Date>;
  /** Hidden by a moderator (issue 20). */
  hidden_at: Defaulted<Date | null>;
}

export type ReportTargetKind =
  'circle' | 'event' | 'circle_post' | 'circle_discussion' | 'circle_discussion_reply';

export interface ReportsTable {
  id: string;
  target_type: ReportTargetKind;
  target_id: string;
  reporter_id: string;
  reason: string;
  created_at: Defaulted<Date>;
}

export interface CirclePostReactionsTable {
  post_id: string;
  user_id: string;
  type: string;
  created_at: Defaulted<Date>;
}

interface PlaceColumns {
  type: GatheringType;
  city_id: string | null;
  city_label: string | null;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  online_url: string | null;
  time_zone: string;
}

export interface EventsTable extends PlaceColumns {
  id: string;
  title: string;
  description: string;
  category: string;
  starts_at: Date;
  ends_at: Date;
  capacity: number | null;
  cover_photo_id: string | null;
  circle_id: string | null;
  host_id: string;
  approval_status: Defaulted<Approval>;
  rejection_reason: Defaulted<string | null>;
  reviewed_by: Defaulted<string | null>;
  status: Defaulted<ScheduleStatus>;
  cancellation_reason: Defaulted<string | null>;
  going_count: Defaulted<number>;
  waitlist_count: Defaulted<number>;
  created_at: Defaulted<Date>;
  updated_at: Defaulted<Date>;
  /** Hidden by a moderator (issue 20). */
  hidden_at: Defaulted<Date | null>;
}

export interface MeetupsTable extends PlaceColumns {
  id: string;
  circle_id: string;
  host_id: string;
  title: string;
  description: string;
  local_start: string;
  local_end: string;
  recurrence: ColumnType<unknown, string | null, string | null>;
  rrule: string | null;
  capacity: number | null;
  status: Defaulted<ScheduleStatus>;
  cancellation_reason: Defaulted<string | null>;
  created_at: Defaulted<Date>;
  updated_at: Defaulted<Date>;
}

export interface MeetupOccurrencesTable {
  id: string;
  meetup_id: string;
  series_local_start: string;
  starts_at: Date;
  ends_at: Date;
  capacity: Defaulted<number | null>;
  status: Defaulted<ScheduleStatus>;
  modified: Defaulted<boolean>;
  going_count: Defaulted<number>;
  waitlist_count: Defaulted<number>;
}

export interface RsvpsTable {
  target_kind: TargetKind;
  target_id: string;
  user_id: string;
  status: RsvpState;
  // bigint, read as a number by the runtime's type parser (exact below 2^53).
  queued_seq: Generated<number>;
  waitlisted_at: Defaulted<Date | null>;
  reminder_minutes: Defaulted<number>;
  responded_at: Defaulted<Date>;
}

export interface RemindersTable {
  id: string;
  target_kind: TargetKind;
  target_id: string;
  user_id: string;
  due_at: Date;
  reminder_minutes: number;
  sent_at: Defaulted<Date | null>;
}

export interface CalendarFeedsTable {
  user_id: string;
  token: string;
  created_at: Defaulted<Date>;
}

export interface DismissalsTable {
  user_id: string;
  item_kind: 'event' | 'circle';
  item_id: string;
  created_at: Defaulted<Date>;
}

export interface RecommendationModelsTable {
  version: number;
  model: ColumnType<unknown, string, string>;
  trained_at: Defaulted<Date>;
}

export interface EventsCirclesTables {
  members: MembersTable;
  memberships: MembershipsTable;
  connections: ConnectionsTable;
  photos: PhotosTable;
  circles: CirclesTable;
  circle_members: CircleMembersTable;
  circle_updates: CircleUpdatesTable;
  forum_topics: ForumTopicsTable;
  circle_discussions: CircleDiscussionsTable;
  circle_discussion_replies: CircleDiscussionRepliesTable;
  circle_posts: CirclePostsTable;
  circle_post_reactions: CirclePostReactionsTable;
  events: EventsTable;
  meetups: MeetupsTable;
  meetup_occurrences: MeetupOccurrencesTable;
  rsvps: RsvpsTable;
  reminders: RemindersTable;
  calendar_feeds: CalendarFeedsTable;
  dismissals: DismissalsTable;
  recommendation_models: RecommendationModelsTable;
  reports: ReportsTable;
}

export type EventsCirclesDb = Kysely<EventsCirclesTables>;
export type MemberRow = Selectable<MembersTable>;
export type CircleRow = Selectable<CirclesTable>;
export type CircleMemberRow = Selectable<CircleMembersTable>;
export type EventRow = Selectable<EventsTable>;
export type MeetupRow = Selectable<MeetupsTable>;
export type OccurrenceRow = Selectable<MeetupOccurrencesTable>;
export type RsvpRow = Selectable<RsvpsTable>;
