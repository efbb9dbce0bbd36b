-- Reports of circles, events and circle posts (issue 20), and what a moderator hid. Never edit once run.

-- One report per member per item; the admin service keeps the queue, this is the owner's record of who reported what.
create table reports (
  id uuid primary key,
  target_type text not null check (target_type in ('circle', 'event', 'circle_post')),
  target_id uuid not null,
  reporter_id uuid not null,
  reason text not null,
  created_at timestamptz not null default now(),
  unique (target_type, target_id, reporter_id)
);
create index reports_reporter_idx on reports (reporter_id);

-- Hidden by a moderator: not listed or shown to members; the holder, host or author still sees it, marked.
alter table circles add column hidden_at timestamptz;
alter table events add column hidden_at timestamptz;
alter table circle_posts add column hidden_at timestamptz;
