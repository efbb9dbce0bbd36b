-- billing's memberships as its events describe them (one row per membership): starting a conversation and sending
-- a message need an active, unexpired one (contracts/src/membership-facts.ts orders the announcements).
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
