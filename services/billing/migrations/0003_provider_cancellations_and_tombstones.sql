-- Subscriptions of deleted accounts that the payment provider must stop. The deletion records the request in its
-- transaction; the call to the provider happens after the commit (never holding locks across the network) and is
-- retried by the sweep until the provider confirms.
create table provider_cancellations (
  subscription_id text primary key,
  requested_at timestamptz not null default now(),
  attempts integer not null default 0,
  claimed_until timestamptz,
  last_error text,
  done_at timestamptz
);
create index provider_cancellations_pending on provider_cancellations (requested_at) where done_at is null;
