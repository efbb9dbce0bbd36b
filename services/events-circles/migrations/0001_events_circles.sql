-- events-circles' tables (schema events_circles; the runtime sets search_path). Never edit once run: add 0002_....

-- Copies of other services' facts, kept from their events.
-- Members as profile-onboarding announces them: names and photos for lists, city and interests for recommendations.
create table members (
  user_id uuid primary key,
  name text not null,
  username text not null,
  image_url text,
  city_id text,
  latitude double precision,
  longitude double precision,
  interests text[] not null default '{}',
  onboarded boolean not null default false,
  -- occurredAt of the event this row comes from: an older event handled late changes nothing.
  occurred_at timestamptz not null
);

-- billing's memberships: a member may create, join and RSVP while one is active and not expired.
create table memberships (
  membership_id uuid primary key,
  user_id uuid not null,
  status text not null,
  expires_at timestamptz,
  occurred_at timestamptz not null
);
create index memberships_user_idx on memberships (user_id);

-- social-graph's connections, one row per direction; connected false once removed.
create table connections (
  user_id uuid not null,
  other_id uuid not null,
  connected boolean not null,
  occurred_at timestamptz not null,
  primary key (user_id, other_id)
);

-- Uploaded cover images (circles, events), re-encoded by the runtime's photo pipeline.
create table photos (
  id uuid primary key,
  owner_id uuid not null,
  storage_key text not null unique,
  width integer not null,
  height integer not null,
  created_at timestamptz not null default now()
);
create index photos_owner_idx on photos (owner_id);

create table circles (
  id uuid primary key,
  name text not null,
  description text not null,
  category text not null,
  join_policy text not null check (join_policy in ('open', 'request', 'invitation')),
  city_id text,
  city_label text,
  latitude double precision,
  longitude double precision,
  cover_photo_id uuid references photos (id) on delete set null,
  holder_id uuid not null,
  approval_status text not null default 'pending' check (approval_status in ('pending', 'approved', 'rejected')),
  rejection_reason text,
  reviewed_by uuid,
  reviewed_at timestamptz,
  member_count integer not null default 0 check (member_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index circles_listed_idx on circles (created_at desc, id) where approval_status = 'approved';
create index circles_popular_idx on circles (member_count desc, id) where approval_status = 'approved';
create index circles_pending_idx on circles (created_at) where approval_status = 'pending';
create index circles_holder_idx on circles (holder_id);

-- Who is in, asking to join or invited to a circle. role applies to status 'member'.
create table circle_members (
  circle_id uuid not null references circles (id) on delete cascade,
  user_id uuid not null,
  status text not null check (status in ('member', 'requested', 'invited')),
  role text not null default 'member' check (role in ('holder', 'moderator', 'member')),
  invited_by uuid,
  created_at timestamptz not null default now(),
  joined_at timestamptz,
  primary key (circle_id, user_id)
);
create index circle_members_user_idx on circle_members (user_id, status);

create table circle_updates (
  id uuid primary key,
  circle_id uuid not null references circles (id) on delete cascade,
  author_id uuid not null,
  update_type text not null check (update_type in ('announcement', 'update')),
  title text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index circle_updates_circle_idx on circle_updates (circle_id, created_at desc);
create index circle_updates_author_idx on circle_updates (author_id);

create table forum_topics (
  id uuid primary key,
  circle_id uuid not null references circles (id) on delete cascade,
  title text not null,
  description text not null default '',
  created_by uuid not null,
  created_at timestamptz not null default now()
);
create index forum_topics_circle_idx on forum_topics (circle_id, created_at);

create table circle_discussions (
  id uuid primary key,
  circle_id uuid not null references circles (id) on delete cascade,
  topic_id uuid references forum_topics (id) on delete set null,
  author_id uuid not null,
  title text not null,
  body text not null,
  reply_count integer not null default 0 check (reply_count >= 0),
  created_at timestamptz not null default now(),
  last_activity_at timestamptz not null default now()
);
create index circle_discussions_circle_idx on circle_discussions (circle_id, last_activity_at desc);
create index circle_discussions_topic_idx on circle_discussions (topic_id, last_activity_at desc);
create index circle_discussions_author_idx on circle_discussions (author_id);

create table circle_discussion_replies (
  id uuid primary key,
  discussion_id uuid not null references circle_discussions (id) on delete cascade,
  author_id uuid not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index circle_discussion_replies_idx on circle_discussion_replies (discussion_id, created_at);
create index circle_discussion_replies_author_idx on circle_discussion_replies (author_id);

create table circle_posts (
  id uuid primary key,
  circle_id uuid not null references circles (id) on delete cascade,
  author_id uuid not null,
  content text not null,
  created_at timestamptz not null default now()
);
create index circle_posts_circle_idx on circle_posts (circle_id, created_at desc);
create index circle_posts_author_idx on circle_posts (author_id);

create table circle_post_reactions (
  post_id uuid not null references circle_posts (id) on delete cascade,
  user_id uuid not null,
  type text not null check (type in ('like', 'love', 'namaste', 'insightful', 'support')),
  created_at timestamptz not null default now(),
  primary key (post_id, user_id)
);
create index circle_post_reactions_user_idx on circle_post_reactions (user_id);

-- Events: start and end stored in UTC, with the place's IANA zone beside them (the wall-clock times are derived).
create table events (
  id uuid primary key,
  title text not null,
  description text not null,
  category text not null,
  type text not null check (type in ('in_person', 'online', 'hybrid')),
  city_id text,
  city_label text,
  latitude double precision,
  longitude double precision,
  address text,
  online_url text,
  time_zone text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  capacity integer check (capacity is null or capacity > 0),
  cover_photo_id uuid references photos (id) on delete set null,
  circle_id uuid references circles (id) on delete set null,
  host_id uuid not null,
  approval_status text not null default 'pending' check (approval_status in ('pending', 'approved', 'rejected')),
  rejection_reason text,
  reviewed_by uuid,
  status text not null default 'scheduled' check (status in ('scheduled', 'cancelled')),
  cancellation_reason text,
  going_count integer not null default 0 check (going_count >= 0),
  waitlist_count integer not null default 0 check (waitlist_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at > starts_at)
);
-- Upcoming listings: soonest first; near a place: a latitude band, then longitude and distance.
create index events_upcoming_idx on events (starts_at, id) where approval_status = 'approved' and status = 'scheduled';
create index events_near_idx on events (latitude, starts_at) where approval_status = 'approved' and status = 'scheduled';
create index events_pending_idx on events (created_at) where approval_status = 'pending';
create index events_host_idx on events (host_id);
create index events_circle_idx on events (circle_id, starts_at);

-- Circle meetups: a single meetup or a series (RRULE expanded into meetup_occurrences in the meetup's zone).
create table meetups (
  id uuid primary key,
  circle_id uuid not null references circles (id) on delete cascade,
  host_id uuid not null,
  title text not null,
  description text not null,
  type text not null check (type in ('in_person', 'online', 'hybrid')),
  city_id text,
  city_label text,
  latitude double precision,
  longitude double precision,
  address text,
  online_url text,
  time_zone text not null,
  -- The first occurrence's wall-clock start and end (YYYY-MM-DDTHH:mm) in time_zone; every occurrence keeps it.
  local_start text not null,
  local_end text not null,
  recurrence jsonb,
  rrule text,
  capacity integer check (capacity is null or capacity > 0),
  status text not null default 'scheduled' check (status in ('scheduled', 'cancelled')),
  cancellation_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index meetups_circle_idx on meetups (circle_id, created_at);
create index meetups_host_idx on meetups (host_id);

create table meetup_occurrences (
  id uuid primary key,
  meetup_id uuid not null references meetups (id) on delete cascade,
  -- The wall-clock start the rule gave this occurrence (its identity within the series, kept when edited alone).
  series_local_start text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- null: the series' capacity.
  capacity integer check (capacity is null or capacity > 0),
  status text not null default 'scheduled' check (status in ('scheduled', 'cancelled')),
  modified boolean not null default false,
  going_count integer not null default 0 check (going_count >= 0),
  waitlist_count integer not null default 0 check (waitlist_count >= 0),
  unique (meetup_id, series_local_start),
  check (ends_at > starts_at)
);
create index meetup_occurrences_time_idx on meetup_occurrences (meetup_id, starts_at);

-- RSVPs to events (the spec's event_participants) and to meetup occurrences (meetup_occurrence_rsvps), one table:
-- target_id is the event's or the occurrence's id. The waitlist is FIFO by queued_seq (arrival under the lock).
create table rsvps (
  target_kind text not null check (target_kind in ('event', 'occurrence')),
  target_id uuid not null,
  user_id uuid not null,
  status text not null check (status in ('going', 'waitlisted', 'not_going')),
  queued_seq bigint generated always as identity,
  waitlisted_at timestamptz,
  reminder_minutes integer not null default 60 check (reminder_minutes >= 0),
  responded_at timestamptz not null default now(),
  primary key (target_id, user_id)
);
create index rsvps_waitlist_idx on rsvps (target_id, queued_seq) where status = 'waitlisted';
create index rsvps_user_idx on rsvps (user_id, status);

-- The durable reminder schedule: one row per member and gathering they are going to. Claimed with FOR UPDATE SKIP
-- LOCKED and marked sent in the transaction that writes reminder.due to the outbox, so it goes out exactly once.
create table reminders (
  id uuid primary key,
  target_kind text not null check (target_kind in ('event', 'occurrence')),
  target_id uuid not null,
  user_id uuid not null,
  due_at timestamptz not null,
  reminder_minutes integer not null,
  sent_at timestamptz,
  unique (target_id, user_id)
);
create index reminders_due_idx on reminders (due_at) where sent_at is null;
create index reminders_user_idx on reminders (user_id);

-- The secret token of each member's calendar feed. Kept as given (the member's Settings shows the URL again);
-- resetting replaces it, and the old URL answers 404.
create table calendar_feeds (
  user_id uuid primary key,
  token text not null unique,
  created_at timestamptz not null default now()
);

-- "Not interested" on a suggestion: never suggested again, and a negative example for training.
create table dismissals (
  user_id uuid not null,
  item_kind text not null check (item_kind in ('event', 'circle')),
  item_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (user_id, item_kind, item_id)
);

-- The trained recommendation models (newest version used).
create table recommendation_models (
  version integer primary key,
  model jsonb not null,
  trained_at timestamptz not null default now()
);
