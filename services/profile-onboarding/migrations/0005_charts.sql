-- Charts (issue 6): the member's stored astrology signs (the spec's astrology_profiles) and Human Design
-- chart, computed inside MER by @mer/chart-engine. Both rows go with the profile (on delete cascade), so an
-- account deletion erases the birth data too.

create table astrology_profiles (
  user_id uuid primary key references profiles (user_id) on delete cascade,
  sun_sign text not null,
  moon_sign text,
  rising_sign text,
  cusp_note text,
  -- The member's own entry: local calendar date and wall-clock time ('HH:mm', null when unknown).
  birth_date date not null,
  birth_time text check (birth_time ~ '^\d{2}:\d{2}$'),
  birth_location text,
  birth_latitude double precision check (birth_latitude between -90 and 90),
  birth_longitude double precision check (birth_longitude between -180 and 180),
  -- What the engine derived: the IANA zone, the birth instant, and any DST gap/overlap note.
  time_zone text,
  birth_instant timestamptz,
  time_note jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table human_design_charts (
  user_id uuid primary key references astrology_profiles (user_id) on delete cascade,
  type text not null,
  strategy text not null,
  authority text not null,
  profile text not null,
  definition text not null,
  incarnation_cross text not null,
  -- Gates activated by personality or design: what compatibility needs, without re-calculating.
  active_gates jsonb not null check (jsonb_typeof(active_gates) = 'array'),
  -- The full result (interpretation and bodygraph) as the API returns it.
  chart jsonb not null,
  updated_at timestamptz not null default now()
);

-- The spec's profile fields for signs and Human Design. "if not exists": another migration of this
-- service may add the same columns; either way they exist once.
alter table profiles add column if not exists sun_sign text;
alter table profiles add column if not exists moon_sign text;
alter table profiles add column if not exists rising_sign text;
alter table profiles add column if not exists human_design_type text;
alter table profiles add column if not exists human_design_strategy text;
alter table profiles add column if not exists human_design_authority text;
