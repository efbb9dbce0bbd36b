-- Reports of messages to the moderators (issue 20): one per member per message. Never edit once run.
create table message_reports (
  id uuid primary key,
  message_id uuid not null references messages (id) on delete cascade,
  reporter_id uuid not null,
  reason text not null,
  created_at timestamptz not null default now(),
  unique (message_id, reporter_id)
);
create index message_reports_reporter_idx on message_reports (reporter_id);
