-- profile-onboarding: badges from the owners' events, and photo clean-up.

-- Billing's memberships as its events describe them, one row per membership (a member may have had
-- several: an ended one and a newer one). 0002's member_memberships (one row per member) was never
-- written by any code, so it is replaced. Out-of-order events are resolved from the event's facts
-- (src/domain/memberships.ts): a cancelled (ended) membership is final; otherwise the later expiry,
-- then the later state (active, cancelling, expired), then the later occurred_at wins.
drop table member_memberships;
create table member_memberships (
  membership_id uuid primary key,
  user_id uuid not null,
  plan_name text not null,
  inner_circle boolean not null,
  status text not null check (status in ('active', 'cancelled', 'expired')),
  expires_at timestamptz,
  cancel_at_period_end boolean not null default false,
  -- occurredAt of the event the row reflects.
  occurred_at timestamptz not null
);
create index member_memberships_user_idx on member_memberships (user_id);

-- Identity's roles and admin record as identity.user.roles-changed.v1 last told them.
create table member_roles (
  user_id uuid primary key,
  roles jsonb not null default '[]'::jsonb check (jsonb_typeof(roles) = 'array'),
  is_admin boolean not null,
  occurred_at timestamptz not null
);
-- Until now the admin flag came from the member's own token; keep what was seen, as older than any event.
insert into member_roles (user_id, roles, is_admin, occurred_at)
  select user_id, '["admin"]'::jsonb, true, '1970-01-01T00:00:00Z' from profiles where is_admin;
alter table profiles drop column is_admin;

-- A photo that stopped being its member's profile photo: deleted (row now, file through
-- photo_deletions) once nothing refers to it any more and the retention has passed.
alter table photos add column replaced_at timestamptz;
create index photos_replaced_idx on photos (replaced_at) where replaced_at is not null;
