-- Changing plan (upgrade or downgrade, prorated by the payment provider).
-- unit_amount_cents: what the subscription charges per period (the checkout's price, then the
-- price of the plan changed to); null for memberships from before, which count the plan's price.
-- plan_changed_at: when the plan last changed, so a provider event older than that cannot undo it.
alter table memberships add column unit_amount_cents integer check (unit_amount_cents >= 0);
alter table memberships add column plan_changed_at timestamptz;

-- Each change with the prorated amounts the member confirmed (bookkeeping).
create table plan_changes (
  id uuid primary key,
  membership_id uuid not null references memberships (id),
  user_id uuid not null,
  from_plan_id uuid not null references membership_types (id),
  to_plan_id uuid not null references membership_types (id),
  provider text not null check (provider in ('stripe', 'test')),
  proration_date timestamptz not null,
  credit_cents integer not null check (credit_cents >= 0),
  charge_cents integer not null check (charge_cents >= 0),
  created_at timestamptz not null default now()
);
create index plan_changes_membership on plan_changes (membership_id);
