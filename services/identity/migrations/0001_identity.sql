-- Identity's schema: accounts and credentials, invitations, the waiting list, roles and
-- permissions, sessions (refresh-token families), one-time tokens and the token signing keys.
-- E-mails, usernames and codes are stored normalised; the checks keep it that way.

create table accounts (
  id uuid primary key,
  email text not null check (email = lower(email)),
  username text not null check (username = lower(username)),
  name text not null,
  password_hash text not null,
  email_confirmed_at timestamptz,
  invitation_code text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index accounts_email_key on accounts (email);
create unique index accounts_username_key on accounts (username);

create table invitation_codes (
  code text primary key check (code = upper(code)),
  max_uses integer not null check (max_uses >= 1),
  uses_count integer not null default 0 check (uses_count >= 0 and uses_count <= max_uses),
  discount_percent integer check (discount_percent between 1 and 100),
  expires_at timestamptz,
  source text not null check (source in ('bootstrap', 'operator', 'admin')),
  created_by uuid references accounts (id) on delete set null,
  created_at timestamptz not null default now()
);
create index invitation_codes_source on invitation_codes (source, created_at);

create table waiting_list_registrations (
  id uuid primary key,
  email text not null check (email = lower(email)),
  name text not null,
  status text not null default 'pending' check (status in ('pending', 'invited', 'declined')),
  source text not null default 'signup_page',
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create unique index waiting_list_registrations_email_key on waiting_list_registrations (email);

create table roles (
  name text primary key,
  description text not null
);
create table permissions (
  name text primary key,
  description text not null
);
create table role_permissions (
  role text not null references roles (name) on delete cascade,
  permission text not null references permissions (name) on delete cascade,
  primary key (role, permission)
);
create table user_roles (
  user_id uuid not null references accounts (id) on delete cascade,
  role text not null references roles (name) on delete cascade,
  granted_at timestamptz not null default now(),
  primary key (user_id, role)
);
create index user_roles_role on user_roles (role);
create table admin_users (
  user_id uuid primary key references accounts (id) on delete cascade,
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);

insert into roles (name, description) values
  ('admin', 'Runs the community: every Admin Panel permission'),
  ('member', 'A signed-up member');
insert into permissions (name, description) values
  ('system_admin', 'Everything, including ending all sessions'),
  ('system_analytics', 'See analytics'),
  ('system_settings', 'Change system settings'),
  ('users_create', 'Create users and invitation codes'),
  ('users_update', 'Update users and see their permissions'),
  ('users_delete', 'Delete users'),
  ('communities_create', 'Create communities'),
  ('communities_update', 'Update communities'),
  ('communities_delete', 'Delete communities');
insert into role_permissions (role, permission) select 'admin', name from permissions;

-- A session is a refresh-token family: every rotation adds a token to it; reusing a rotated
-- token revokes the whole family. expires_at is the absolute lifetime, never extended.
create table refresh_families (
  id uuid primary key,
  user_id uuid not null references accounts (id) on delete cascade,
  remember_me boolean not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text
);
create index refresh_families_user on refresh_families (user_id) where revoked_at is null;
create index refresh_families_expires on refresh_families (expires_at);

create table refresh_tokens (
  token_hash text primary key,
  family_id uuid not null references refresh_families (id) on delete cascade,
  issued_at timestamptz not null default now(),
  rotated_at timestamptz
);
create index refresh_tokens_family on refresh_tokens (family_id);

-- Confirms the address at sign-up (purpose signup) or a new address before it replaces the old (change).
create table email_confirmation_tokens (
  token_hash text primary key,
  user_id uuid not null references accounts (id) on delete cascade,
  email text not null,
  purpose text not null check (purpose in ('signup', 'change')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_confirmation_tokens_user on email_confirmation_tokens (user_id);

create table password_reset_tokens (
  token_hash text primary key,
  user_id uuid not null references accounts (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_user on password_reset_tokens (user_id);

-- Ed25519 keys that sign access tokens. At most one is active: replicas starting together race
-- to insert one and the loser uses the winner's key.
create table signing_keys (
  kid text primary key,
  public_jwk jsonb not null,
  private_jwk jsonb not null,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create unique index signing_keys_one_active on signing_keys (active) where active;
