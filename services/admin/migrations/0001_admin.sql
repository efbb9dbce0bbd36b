-- The admin service's own data: the security log, the moderation queue, the audit trail of admin actions and
-- the dashboard's figures, all built from the events it consumes and the admins' own actions.

create table security_events (
  id uuid primary key,
  -- Keyset order of the log (newest first); created_at can tie.
  seq bigserial not null unique,
  created_at timestamptz not null default now(),
  type text not null,
  severity text not null check (severity in ('low', 'medium', 'high', 'critical')),
  description text not null,
  -- 'browser' or the service that saw it.
  source text not null,
  user_id uuid,
  user_agent text,
  details jsonb not null default '{}',
  resolved boolean not null default false,
  resolved_at timestamptz,
  resolved_by uuid
);
create index security_events_user_idx on security_events (user_id, seq desc);
create index security_events_open_idx on security_events (seq desc) where not resolved;

-- One item per reported thing (a post, comment, photo or member), with every report of it.
create table moderation_items (
  id uuid primary key,
  service text not null,
  target_type text not null check (target_type in ('post', 'comment', 'photo', 'member')),
  target_id uuid not null,
  author_id uuid not null,
  status text not null default 'open' check (status in ('open', 'decided')),
  hidden boolean not null default false,
  last_action text,
  decided_by uuid,
  decided_at timestamptz,
  first_reported_at timestamptz not null,
  last_reported_at timestamptz not null,
  unique (service, target_type, target_id)
);
create index moderation_items_open_idx on moderation_items (status, last_reported_at desc);

create table moderation_reports (
  report_id uuid primary key,
  item_id uuid not null references moderation_items (id) on delete cascade,
  reporter_id uuid not null,
  reason text not null,
  details text,
  reported_at timestamptz not null
);
create index moderation_reports_item_idx on moderation_reports (item_id);
create index moderation_reports_reporter_idx on moderation_reports (reporter_id);

-- Every admin action: who, when, on what, the state before and after.
create table audit_entries (
  id uuid primary key,
  seq bigserial not null unique,
  at timestamptz not null default now(),
  actor_id uuid not null,
  action text not null,
  target_type text not null,
  target_id text not null,
  before jsonb,
  after jsonb
);
create index audit_entries_actor_idx on audit_entries (actor_id, seq desc);
create index audit_entries_target_idx on audit_entries (target_id, seq desc);

-- Dashboard figures: counts per UTC week of what happened, from consumed events. week_start is the Monday,
-- 'YYYY-MM-DD' (text: both drivers read it the same).
create table weekly_counts (
  metric text not null,
  week_start text not null,
  count integer not null default 0,
  primary key (metric, week_start)
);

-- Who did something in a week (posted, messaged, reported): "active this week".
create table member_activity (
  user_id uuid not null,
  week_start text not null,
  primary key (user_id, week_start)
);

-- The members there are (registered and not deleted): the dashboard's total.
create table members (
  user_id uuid primary key,
  registered_at timestamptz not null
);
