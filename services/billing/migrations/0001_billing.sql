-- billing: plans, memberships, checkouts, invitation discounts and the provider events handled.
-- Tables are unqualified: the runtime sets search_path to the service's schema (billing).
-- Money is integer cents in EUR; every time is timestamptz (UTC).

create table membership_types (
  id uuid primary key,
  name text not null unique check (length(name) between 1 and 80),
  description text not null default '',
  price_cents integer not null check (price_cents >= 0),
  currency text not null default 'EUR' check (currency = 'EUR'),
  billing_cycle text not null check (billing_cycle in ('monthly', 'yearly')),
  features jsonb not null default '[]'::jsonb,
  active boolean not null default true,
  display_order integer not null default 0,
  early_bird_price_cents integer check (early_bird_price_cents >= 0),
  early_bird_ends_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((early_bird_price_cents is null) = (early_bird_ends_at is null))
);

-- billing's copy of identity's members (identity.user.registered.v1, .email.confirmed.v1):
-- the e-mail for checkouts and the admin sync.
create table members (
  user_id uuid primary key,
  email text not null,
  name text not null,
  registered_at timestamptz not null
);
create index members_email on members (lower(email));

-- The invitation discount a member signed up with (from identity.user.registered.v1).
create table discounts (
  user_id uuid primary key,
  percent integer not null check (percent between 1 and 100),
  source text not null default 'invitation',
  created_at timestamptz not null default now()
);

-- One row per provider subscription. Kept after an account is deleted (bookkeeping): it then
-- holds only the pseudonymous user id, the plan, the dates and the provider's ids.
create table memberships (
  id uuid primary key,
  user_id uuid not null,
  membership_type_id uuid not null references membership_types (id),
  status text not null check (status in ('active', 'cancelled', 'expired')),
  started_at timestamptz not null default now(),
  expires_at timestamptz,
  cancel_at_period_end boolean not null default false,
  provider text not null check (provider in ('stripe', 'test')),
  provider_customer_id text,
  provider_subscription_id text not null unique,
  last_payment_failed_at timestamptz,
  updated_at timestamptz not null default now()
);
create index memberships_user on memberships (user_id, status);
create index memberships_expiring on memberships (expires_at) where status = 'active';

create table checkouts (
  id uuid primary key,
  user_id uuid not null,
  membership_type_id uuid not null references membership_types (id),
  list_price_cents integer not null check (list_price_cents >= 0),
  discount_percent integer,
  amount_cents integer not null check (amount_cents >= 0),
  provider text not null check (provider in ('stripe', 'test')),
  provider_session_id text unique,
  status text not null default 'open' check (status in ('open', 'completed', 'cancelled')),
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index checkouts_user on checkouts (user_id);

-- Provider (Stripe) event ids already handled: a redelivery changes nothing.
create table provider_events (
  id text primary key,
  type text not null,
  processed_at timestamptz not null default now()
);
