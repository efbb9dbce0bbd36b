-- community-feed's tables (schema community_feed; the runtime sets search_path). Never edit once run: add 0002_....

-- Copies of other services' facts, kept from their events.
-- Members as profile-onboarding announces them (name, username, photo; onboarded once profile.completed).
create table members (
  user_id uuid primary key,
  name text not null,
  username text not null,
  image_url text,
  onboarded boolean not null default false,
  -- occurredAt of the event this row comes from: an older event handled late changes nothing.
  occurred_at timestamptz not null
);
create index members_username_idx on members (lower(username));

-- billing's memberships: a member may post while one is active and not expired.
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

-- social-graph's blocks and mutes: `user_id` blocked or muted `other_id`; active false once lifted.
create table member_filters (
  user_id uuid not null,
  other_id uuid not null,
  kind text not null check (kind in ('block', 'mute')),
  active boolean not null,
  occurred_at timestamptz not null,
  primary key (user_id, other_id, kind)
);
create index member_filters_other_idx on member_filters (other_id) where active;

-- The feed. `seq` orders posts newest first and is the keyset cursor (one integer, no clock ties).
create table posts (
  id uuid primary key,
  seq bigint generated always as identity unique,
  author_id uuid not null,
  topic text not null,
  visibility text not null check (visibility in ('all', 'connections')),
  content text not null,
  mention_ids uuid[] not null default '{}',
  pinned boolean not null default false,
  like_count integer not null default 0 check (like_count >= 0),
  love_count integer not null default 0 check (love_count >= 0),
  namaste_count integer not null default 0 check (namaste_count >= 0),
  insightful_count integer not null default 0 check (insightful_count >= 0),
  support_count integer not null default 0 check (support_count >= 0),
  comment_count integer not null default 0 check (comment_count >= 0),
  -- Reactions and comments of the last days, for "Most active"; last_activity_at says how recent.
  activity_count integer not null default 0 check (activity_count >= 0),
  last_activity_at timestamptz not null default now(),
  -- Set when the post reached the report threshold: hidden pending review.
  hidden_at timestamptz,
  edited_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index posts_feed_idx on posts (seq desc) where hidden_at is null;
create index posts_topic_idx on posts (topic, seq desc) where hidden_at is null;
create index posts_author_idx on posts (author_id, seq desc);
create index posts_pinned_idx on posts (seq desc) where pinned and hidden_at is null;
create index posts_active_idx on posts (last_activity_at desc) where hidden_at is null;

create table reactions (
  post_id uuid not null references posts (id) on delete cascade,
  user_id uuid not null,
  type text not null check (type in ('like', 'love', 'namaste', 'insightful', 'support')),
  created_at timestamptz not null default now(),
  primary key (post_id, user_id)
);
create index reactions_user_idx on reactions (user_id);
create index reactions_post_time_idx on reactions (post_id, created_at desc);

-- Comments with one level of replies (parent_id names a top-level comment).
create table comments (
  id uuid primary key,
  post_id uuid not null references posts (id) on delete cascade,
  parent_id uuid references comments (id) on delete cascade,
  author_id uuid not null,
  content text not null,
  mention_ids uuid[] not null default '{}',
  hidden_at timestamptz,
  edited_at timestamptz,
  created_at timestamptz not null default now()
);
create index comments_post_idx on comments (post_id, created_at);
create index comments_author_idx on comments (author_id);
create index comments_parent_idx on comments (parent_id);

create table albums (
  id uuid primary key,
  owner_id uuid not null,
  title text not null,
  description text,
  created_at timestamptz not null default now()
);
create index albums_owner_idx on albums (owner_id);

-- Every uploaded photo: unused until it joins a post or an album.
create table photos (
  id uuid primary key,
  owner_id uuid not null,
  storage_key text not null unique,
  width integer not null,
  height integer not null,
  post_id uuid references posts (id) on delete cascade,
  album_id uuid references albums (id) on delete cascade,
  position integer not null default 0,
  caption text,
  hidden_at timestamptz,
  created_at timestamptz not null default now(),
  check (post_id is null or album_id is null)
);
create index photos_owner_idx on photos (owner_id, created_at desc);
create index photos_post_idx on photos (post_id, position) where post_id is not null;
create index photos_album_idx on photos (album_id, created_at) where album_id is not null;
create index photos_recent_idx on photos (created_at desc) where post_id is not null or album_id is not null;

create table photo_tags (
  photo_id uuid not null references photos (id) on delete cascade,
  user_id uuid not null,
  tagged_by uuid not null,
  created_at timestamptz not null default now(),
  primary key (photo_id, user_id)
);
create index photo_tags_user_idx on photo_tags (user_id);

-- Photo files to remove from storage (after their rows went, retried until done).
create table photo_deletions (
  storage_key text primary key,
  queued_at timestamptz not null default now()
);

create table discussions (
  id uuid primary key,
  author_id uuid not null,
  title text not null,
  body text not null,
  topic text not null,
  reply_count integer not null default 0 check (reply_count >= 0),
  edited_at timestamptz,
  created_at timestamptz not null default now(),
  last_activity_at timestamptz not null default now()
);
create index discussions_activity_idx on discussions (last_activity_at desc);
create index discussions_author_idx on discussions (author_id);

create table discussion_replies (
  id uuid primary key,
  discussion_id uuid not null references discussions (id) on delete cascade,
  author_id uuid not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index discussion_replies_idx on discussion_replies (discussion_id, created_at);
create index discussion_replies_author_idx on discussion_replies (author_id);

-- One report per member per item; the item is hidden at the threshold.
create table reports (
  id uuid primary key,
  target_type text not null check (target_type in ('post', 'comment', 'photo')),
  target_id uuid not null,
  reporter_id uuid not null,
  reason text not null,
  created_at timestamptz not null default now(),
  unique (target_type, target_id, reporter_id)
);
create index reports_reporter_idx on reports (reporter_id);
