-- profile-onboarding: the wizard's data. Reference data (languages, the practices catalogue) is seeded at
-- start from npm packages and src/domain/practices-catalogue.ts; cities are served from memory
-- (src/domain/cities.ts), so only their GeoNames id is stored here.

-- The rest of the spec's profiles entity (000 section 3) owned here.
alter table profiles
  add column city_id text,
  -- yyyy-MM-dd as text: a calendar day, never shifted by a time zone when read.
  add column birth_date text check (birth_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  add column birth_time text,
  add column birth_location text,
  add column birth_latitude double precision,
  add column birth_longitude double precision,
  add column sun_sign text,
  add column moon_sign text,
  add column rising_sign text,
  add column human_design_type text,
  add column human_design_strategy text,
  add column human_design_authority text,
  add column human_design_profile text,
  add column community_id uuid,
  add column contact_info jsonb,
  -- Identity's events carry no roles: the member's token says whether they are an admin, and the
  -- profile keeps the last answer so that other members see the badge too.
  add column is_admin boolean not null default false;

create table languages (
  id text primary key,
  code text not null unique,
  name text not null,
  is_popular boolean not null default false
);

create table practices (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  category text not null,
  icon_name text,
  is_active boolean not null default true,
  is_popular boolean not null default false,
  created_at timestamptz not null default now()
);
-- Interests match practices case-insensitively (spec 000 section 5 "Interests").
create unique index practices_name_key on practices (lower(name));

create table user_practices (
  user_id uuid not null,
  practice_id uuid not null references practices (id) on delete cascade,
  source text not null,
  is_active boolean not null default true,
  proficiency_level text not null,
  practice_frequency text not null,
  frequency_count integer not null,
  experience_stage text not null,
  intensity_level text not null,
  practice_goals jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, practice_id)
);

create table interest_suggestions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid,
  suggested_name text not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  reviewed_by uuid,
  reviewed_at timestamptz,
  rejection_reason text,
  created_at timestamptz not null default now()
);
-- The same member suggesting the same name twice keeps one suggestion.
create unique index interest_suggestions_member_name_key on interest_suggestions (user_id, lower(suggested_name));
create index interest_suggestions_status_idx on interest_suggestions (status, created_at desc);

-- The wizard's saved progress, one per member (last write wins).
create table onboarding_drafts (
  user_id uuid primary key,
  step integer not null check (step between 0 and 6),
  data jsonb not null,
  started_at timestamptz not null,
  updated_at timestamptz not null default now()
);

-- The copy of each member's membership that badges need (InnerCircle), kept from billing's events
-- once billing publishes them.
create table member_memberships (
  user_id uuid primary key,
  membership_name text not null,
  status text not null,
  expires_at timestamptz,
  updated_at timestamptz not null default now()
);
