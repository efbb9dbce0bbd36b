import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';

/** admin's tables as Kysely sees them (its own schema; search_path points there). Times are timestamptz. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Json = ColumnType<Record<string, unknown>, string, string>;
type NullableJson = ColumnType<Record<string, unknown> | null, string | null, string | null>;

export interface SecurityEventsTable {
  id: string;
  seq: Generated<string>;
  created_at: Defaulted<Date>;
  type: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  description: string;
  source: string;
  user_id: string | null;
  user_agent: string | null;
  details: Json;
  resolved: Defaulted<boolean>;
  resolved_at: Date | null;
  resolved_by: string | null;
}

export type ModerationTargetType =
  | 'post'
  | 'comment'
  | 'photo'
  | 'member'
  | 'circle'
  | 'event'
  | 'circle_post'
  | 'message'
  | 'discussion'
  | 'discussion_reply'
  | 'circle_discussion'
  | 'circle_discussion_reply';

export interface ModerationItemsTable {
  id: string;
  service: string;
  target_type: ModerationTargetType;
  target_id: string;
  author_id: string;
  /** What was reported, as its service sent it (issue 20: events-circles sends a name, title or excerpt). */
  context: Defaulted<string | null>;
  /** Where the item lives ({ circleId, circleName, discussionId }, each optional), as its service sent it. */
  place: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  status: Defaulted<'open' | 'decided'>;
  hidden: Defaulted<boolean>;
  last_action: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  first_reported_at: Date;
  last_reported_at: Date;
}

export interface ModerationReportsTable {
  report_id: string;
  item_id: string;
  reporter_id: string;
  reason: string;
  details: string | null;
  reported_at: Date;
}

export interface AuditEntriesTable {
  id: string;
  seq: Generated<string>;
  at: Defaulted<Date>;
  actor_id: string;
  action: string;
  target_type: string;
  target_id: string;
  before: NullableJson;
  after: NullableJson;
}

export interface WeeklyCountsTable {
  metric: string;
  week_start: string;
  count: Defaulted<number>;
}

export interface MemberActivityTable {
  user_id: string;
  week_start: string;
}

export interface MembersTable {
  user_id: string;
  registered_at: Date;
}

export interface AdminTables {
  security_events: SecurityEventsTable;
  moderation_items: ModerationItemsTable;
  moderation_reports: ModerationReportsTable;
  audit_entries: AuditEntriesTable;
  weekly_counts: WeeklyCountsTable;
  member_activity: MemberActivityTable;
  members: MembersTable;
}

export type AdminDb = Kysely<AdminTables>;
export type SecurityEventRow = Selectable<SecurityEventsTable>;
export type ModerationItemRow = Selectable<ModerationItemsTable>;
export type ModerationReportRow = Selectable<ModerationReportsTable>;
export type AuditEntryRow = Selectable<AuditEntriesTable>;
