-- social-graph: first migration. Tables are unqualified: the runtime sets search_path to the service's own
-- schema (social_graph). Once a migration has run anywhere, never edit it: add 0002_....
-- Member erasure's tombstones live in the runtime's own member_tombstones table.

-- Trigram search on names (PGlite ships pg_trgm too). In public, where search_path finds it from every schema.
create extension if not exists pg_trgm with schema public;

-- The read model of members, built only from identity's and profile-onboarding's events.
create table members (
  user_id uuid primary key,
  name text not null default '',
  username text not null default '',
  image_url text,
  -- The city's label and coordinates (kept even when not shared: location_sharing decides what is shown).
  city text,
  latitude double precision,
  longitude double precision,
  location_sharing boolean not null default true,
  -- 'Show me in people discovery' (privacy_settings.show_in_discovery), on by default.
  show_in_discovery boolean not null default true,
  languages text[] not null default '{}',
  -- The member's practices as written, and lower-cased for matching.
  practices text[] not null default '{}',
  practices_key text[] not null default '{}',
  badges jsonb not null default '[]'::jsonb check (jsonb_typeof(badges) = 'array'),
  -- Only when the member shares their birth data; null otherwise.
  sun_sign text,
  human_design_type text,
  chart jsonb,
  onboarded boolean not null default false,
  onboarded_at timestamptz,
  -- lower(name || ' ' || username): what the search box matches.
  search_text text not null default '',
  -- occurredAt of the profile event the row reflects: an older event redelivered late never overwrites it.
  profile_at timestamptz,
  created_at timestamptz not null default now()
);

-- Discovery lists onboarded, visible members newest first (keyset on onboarded_at, user_id). search_text is
-- included so that a frequent name prefix is matched on the index alone (index-only scan, ~0.6 ms instead of
-- 3-10 ms at 100,000 members); a rare one goes through the trigram index below.
create index members_discoverable_idx on members (onboarded_at desc, user_id desc) include (search_text)
  where onboarded and show_in_discovery;
create index members_search_trgm_idx on members using gin (search_text gin_trgm_ops)
  where onboarded and show_in_discovery;
create index members_practices_idx on members using gin (practices_key)
  where onboarded and show_in_discovery;
-- The radius filter: the bounding box on this index, then the great-circle distance. Covering (INCLUDE): the
-- page's ids are found by an index-only scan, and only the page's rows are read from the table. Without it a
-- big city's members, spread over thousands of pages, were read one by one (50-80 ms at 100,000 members).
create index members_near_idx on members (latitude, longitude) include (onboarded_at, user_id, practices_key)
  where onboarded and show_in_discovery and location_sharing and latitude is not null;

-- The spec's connection_requests (001 section 3): status pending or accepted, deleted flag, email_sent.
create table connection_requests (
  id uuid primary key,
  sender_id uuid not null,
  receiver_id uuid not null check (receiver_id <> sender_id),
  status text not null check (status in ('pending', 'accepted')),
  deleted boolean not null default false,
  email_sent boolean not null default false,
  -- Where the sender found the receiver ('recommendations', 'people', 'profile'); null when not said.
  source text,
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  updated_at timestamptz not null default now()
);
-- One live row per unordered pair: two members asking each other at once can never end with two.
create unique index connection_requests_live_pair_key
  on connection_requests (least(sender_id, receiver_id), greatest(sender_id, receiver_id))
  where not deleted;
create index connection_requests_received_idx on connection_requests (receiver_id, created_at desc, id desc)
  where not deleted;
create index connection_requests_sent_idx on connection_requests (sender_id, created_at desc, id desc)
  where not deleted;

create table blocks (
  blocker_id uuid not null,
  blocked_id uuid not null check (blocked_id <> blocker_id),
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id)
);
create index blocks_blocked_idx on blocks (blocked_id);

create table mutes (
  muter_id uuid not null,
  muted_id uuid not null check (muted_id <> muter_id),
  created_at timestamptz not null default now(),
  primary key (muter_id, muted_id)
);
create index mutes_muted_idx on mutes (muted_id);

create table member_reports (
  id uuid primary key,
  reporter_id uuid not null,
  reported_id uuid not null,
  reason text not null,
  details text,
  created_at timestamptz not null default now()
);
create index member_reports_reporter_idx on member_reports (reporter_id);
create index member_reports_reported_idx on member_reports (reported_id);

-- Suggestions a member dismissed: never shown again, and negative examples for the model.
create table recommendation_dismissals (
  user_id uuid not null,
  dismissed_user_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (user_id, dismissed_user_id)
);
create index recommendation_dismissals_dismissed_idx on recommendation_dismissals (dismissed_user_id);

-- The people-recommendation model, retrained on a schedule from the rows above (never leaves MER). The newest
-- version is used; older ones are kept a little while for comparison, then pruned.
create table recommendation_models (
  version integer primary key,
  model jsonb not null,
  trained_at timestamptz not null default now()
);

-- billing's memberships as its events describe them (one row per membership): connecting needs an active one.
create table member_memberships (
  membership_id uuid primary key,
  user_id uuid not null,
  status text not null check (status in ('active', 'cancelled', 'expired')),
  expires_at timestamptz,
  cancel_at_period_end boolean not null default false,
  -- occurredAt of the event the row reflects.
  occurred_at timestamptz not null
);
create index member_memberships_user_idx on member_memberships (user_id);
