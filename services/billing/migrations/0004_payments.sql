-- Money collected and when memberships were cancelled, for the admins' membership and revenue figures.

-- One row per paid provider invoice (a membership's first payment, a renewal, a plan change's charge). The invoice id
-- is unique: Stripe announces the first invoice both in checkout.session.completed and in invoice.paid, and
-- redelivers events, yet each invoice counts once. Kept after an account is deleted (bookkeeping, pseudonymous id).
create table payments (
  id uuid primary key,
  provider_invoice_id text not null unique,
  provider text not null check (provider in ('stripe', 'test')),
  user_id uuid,
  subscription_id text,
  kind text not null check (kind in ('first_payment', 'renewal', 'plan_change', 'other')),
  amount_cents integer not null check (amount_cents >= 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  paid_at timestamptz not null,
  recorded_at timestamptz not null default now()
);
create index payments_paid_at on payments (paid_at);
create index payments_user on payments (user_id, paid_at desc);

-- When the member (or the provider) cancelled: cancel at period end asked, or the subscription ended.
alter table memberships add column cancelled_at timestamptz;
create index memberships_cancelled_at on memberships (cancelled_at) where cancelled_at is not null;

-- Memberships from before: the last change is the best date there is.
update memberships set cancelled_at = updated_at where status = 'cancelled' or cancel_at_period_end;

-- Payments from before: renewals were not recorded, first payments are known from the completed checkouts.
insert into payments (id, provider_invoice_id, provider, user_id, kind, amount_cents, currency, paid_at)
select gen_random_uuid(), 'checkout_' || id, provider, user_id, 'first_payment', amount_cents, 'EUR',
       coalesce(completed_at, created_at)
from checkouts
where status = 'completed' and amount_cents > 0;
