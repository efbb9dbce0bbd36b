-- profile-onboarding: first migration. Tables are unqualified: the runtime sets search_path to the
-- service's own schema (profile_onboarding). Once a migration has run anywhere, never edit it: add 0002_....

-- One row per member, created from identity.user.registered.v1. Later migrations add the birth data,
-- charts, community and city columns of the spec's profiles entity as the wizard lands.
create table profiles (
  user_id uuid primary key,
  name text not null default '',
  username text not null,
  email text not null,
  bio text,
  image_url text,
  location text,
  languages_spoken jsonb not null default '[]'::jsonb check (jsonb_typeof(languages_spoken) = 'array'),
  interests jsonb not null default '[]'::jsonb check (jsonb_typeof(interests) = 'array'),
  onboarding_completed boolean not null default false,
  role text check (role in ('coach', 'mentor', 'community_leader')),
  is_facilitator boolean not null default false,
  -- Spec 001 section 3: every notification preference and privacy setting defaults to true.
  notification_preferences jsonb not null default '{
    "push_notifications": true,
    "email_notifications": true,
    "connection_requests": true,
    "messages": true,
    "mentions": true,
    "post_reactions": true,
    "post_comments": true,
    "circle_invitations": true,
    "circle_updates": true,
    "event_reminders": true,
    "event_updates": true,
    "system_notifications": true
  }'::jsonb,
  privacy_settings jsonb not null default '{
    "location_sharing": true,
    "analytics": true,
    "receive_emails": true
  }'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The landing page's newest members.
create index profiles_created_at_idx on profiles (created_at desc, user_id desc);

-- Members whose account was deleted: a late or redelivered user.registered.v1 (each subject has its own
-- durable consumer, so their order is not guaranteed) must not bring a deleted profile back.
-- Only the id is kept, nothing that identifies the person.
create table erased_members (
  user_id uuid primary key,
  erased_at timestamptz not null default now()
);
