import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { EmailKind } from '../domain/email-templates.ts';

/** notifications-email's tables as Kysely sees them. Times are timestamptz (Date in JS). */
export type EmailStatus = 'queued' | 'sent' | 'failed' | 'cancelled';
export type TransportKind = 'outbox' | 'smtp';
export type QueuePriority = 'high' | 'medium' | 'low';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T extends object | null> = JSONColumnType<T, string, string>;

export interface EmailQueueTable {
  id: string;
  seq: Generated<number>;
  event_id: string;
  kind: EmailKind;
  user_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  action_url: string | null;
  status: Generated<EmailStatus>;
  transport: TransportKind;
  attempts: Generated<number>;
  last_error: string | null;
  /** The spec's scheduled_for: when the dispatcher may take it (and the lease while it sends). */
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  sent_at: Date | null;
  email_type: string | null;
  email_data: Json<Record<string, unknown>> | null;
  priority: Generated<QueuePriority>;
  batch_eligible: Generated<boolean>;
  notification_id: string | null;
  log_id: string | null;
}

export interface MembersTable {
  user_id: string;
  email: string | null;
  name: Generated<string>;
  image_url: string | null;
  bio: string | null;
  notification_preferences: Json<Record<string, boolean>> | null;
  updated_at: Generated<Date>;
}

export interface AggregatedReactorRow {
  user_id: string;
  reactor_name: string;
  avatar_url: string | null;
  reaction_type: string;
  created_at: string;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  read: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  connection_request_id: string | null;
  sender_user_id: string | null;
  sender_name: string | null;
  sender_avatar_url: string | null;
  metadata: Json<Record<string, unknown>>;
  priority: number;
  action_url: string;
  content_preview: string | null;
  is_grouped: Generated<boolean>;
  group_key: string | null;
  aggregated_data: Json<AggregatedReactorRow[]>;
  last_reactor_id: string | null;
  last_reactor_name: string | null;
  total_reactors: Generated<number>;
  reaction_type: string | null;
  source_key: string;
}

export interface EmailPreferencesTable {
  user_id: string;
  unsubscribed_all: Generated<boolean>;
  batch_notifications: Generated<boolean>;
  quiet_hours_enabled: Generated<boolean>;
  quiet_hours_start: Generated<string>;
  quiet_hours_end: Generated<string>;
  time_zone: Generated<string>;
  digest: Generated<'off' | 'daily' | 'weekly'>;
  last_daily_digest_at: Date | null;
  last_weekly_digest_at: Date | null;
  updated_at: Generated<Date>;
}

export interface EmailLogsTable {
  id: string;
  user_id: string | null;
  email_type: string;
  status: 'sent' | 'failed' | 'skipped';
  created_at: Timestamp;
  opened_at: Date | null;
  clicked_at: Date | null;
}

export interface ConnectionRequestsTable {
  request_id: string;
  sender_id: string;
  receiver_id: string;
  sender_name: string;
  sender_image_url: string | null;
  status: 'pending' | 'accepted' | 'ended';
  email_sent: Generated<boolean>;
  email_skipped: Generated<boolean>;
  email_lease_until: Date | null;
  requested_at: Timestamp;
  accepted_at: Date | null;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
  last_success_at: Date | null;
}

export interface ServiceKeysTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

export interface NotificationsEmailTables {
  email_queue: EmailQueueTable;
  members: MembersTable;
  notifications: NotificationsTable;
  email_preferences: EmailPreferencesTable;
  email_logs: EmailLogsTable;
  connection_requests: ConnectionRequestsTable;
  push_subscriptions: PushSubscriptionsTable;
  service_keys: ServiceKeysTable;
}
