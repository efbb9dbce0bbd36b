-- Notifications, the copies of other services' facts they need, e-mail preferences and logs, push
-- subscriptions and the service's own keys (issue 18).

-- What this service knows of a member, from identity's and profile-onboarding's events: where to
-- e-mail them, how to name them, and their notification preferences (null: the spec's defaults, all on).
create table members (
  user_id uuid primary key,
  email text,
  name text not null default '',
  image_url text,
  bio text,
  notification_preferences jsonb,
  updated_at timestamptz not null default now()
);

-- Spec 001 section 3's notification, every field. updated_at moves when an aggregated reaction gains a
-- reactor; lists are ordered by (updated_at, id) newest first.
create table notifications (
  id uuid primary key,
  user_id uuid not null,
  type text not null,
  title text not null,
  message text not null,
  read boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  connection_request_id uuid,
  sender_user_id uuid,
  sender_name text,
  sender_avatar_url text,
  metadata jsonb not null default '{}',
  priority integer not null default 1,
  action_url text not null,
  content_preview text,
  is_grouped boolean not null default false,
  group_key text,
  aggregated_data jsonb not null default '[]',
  last_reactor_id uuid,
  last_reactor_name text,
  total_reactors integer not null default 1,
  reaction_type text,
  -- What caused it (e.g. message:<messageId>): one notification per cause and member, whatever is redelivered.
  source_key text not null
);
create unique index notifications_source on notifications (user_id, source_key);
create unique index notifications_group on notifications (user_id, group_key) where group_key is not null;
create index notifications_list on notifications (user_id, updated_at desc, id desc);
create index notifications_unread on notifications (user_id) where not read;

-- Spec 001 section 3's email_preferences, plus the time zone the quiet hours are in and the digest choice.
create table email_preferences (
  user_id uuid primary key,
  unsubscribed_all boolean not null default false,
  batch_notifications boolean not null default true,
  quiet_hours_enabled boolean not null default false,
  quiet_hours_start text not null default '22:00',
  quiet_hours_end text not null default '07:00',
  time_zone text not null default 'UTC',
  digest text not null default 'weekly' check (digest in ('off', 'daily', 'weekly')),
  last_daily_digest_at timestamptz,
  last_weekly_digest_at timestamptz,
  updated_at timestamptz not null default now()
);

-- The queue gains the spec's email_type, email_data, priority and batch_eligible; next_attempt_at is its
-- scheduled_for. A notification's e-mail is composed when it is sent (so an aggregated reaction says how many
-- reacted by then), and at most one per notification waits in the queue.
alter table email_queue
  add column email_type text,
  add column email_data jsonb,
  add column priority text not null default 'high' check (priority in ('high', 'medium', 'low')),
  add column batch_eligible boolean not null default false,
  add column notification_id uuid,
  add column log_id uuid;
alter table email_queue drop constraint email_queue_status_check;
alter table email_queue add constraint email_queue_status_check
  check (status in ('queued', 'sent', 'failed', 'cancelled'));
create unique index email_queue_waiting_notification on email_queue (notification_id)
  where status = 'queued' and notification_id is not null;
create index email_queue_member_due on email_queue (user_id, next_attempt_at) where status = 'queued';

-- Spec 001 section 3's email_logs: one row per e-mail that went out (a batch of several queued ones is one).
create table email_logs (
  id uuid primary key,
  user_id uuid,
  email_type text not null,
  status text not null check (status in ('sent', 'failed', 'skipped')),
  created_at timestamptz not null default now(),
  opened_at timestamptz,
  clicked_at timestamptz
);
create index email_logs_member on email_logs (user_id, created_at desc);
create index email_logs_recent on email_logs (created_at desc);

-- social-graph's connection requests as far as the e-mail batch processor needs them.
create table connection_requests (
  request_id uuid primary key,
  sender_id uuid not null,
  receiver_id uuid not null,
  sender_name text not null,
  sender_image_url text,
  status text not null check (status in ('pending', 'accepted', 'ended')),
  email_sent boolean not null default false,
  -- The receiver unsubscribed or turned e-mails off: handled, no e-mail, never tried again.
  email_skipped boolean not null default false,
  -- While a batch processor is sending its e-mail (a processor that dies leaves it to come back).
  email_lease_until timestamptz,
  requested_at timestamptz not null,
  accepted_at timestamptz
);
create index connection_requests_unsent on connection_requests (requested_at)
  where status = 'pending' and not email_sent and not email_skipped;

-- A browser's push subscription; one row per device endpoint.
create table push_subscriptions (
  id uuid primary key,
  user_id uuid not null,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now(),
  last_success_at timestamptz
);
create index push_subscriptions_member on push_subscriptions (user_id);

-- Keys made on first start and kept: the VAPID key pair and the secret that signs unsubscribe and tracking links.
create table service_keys (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
