-- The Admin Panel's member tools (issue 20): permissions granted to one member beyond their roles, suspension,
-- the facilitator flag, the community roles an admin sets, and invitation codes an admin disabled.

create table user_permissions (
  user_id uuid not null references accounts (id) on delete cascade,
  permission text not null references permissions (name) on delete cascade,
  granted_by uuid references accounts (id) on delete set null,
  granted_at timestamptz not null default now(),
  primary key (user_id, permission)
);

alter table accounts add column suspended_at timestamptz;
alter table accounts add column is_facilitator boolean not null default false;

alter table invitation_codes add column disabled_at timestamptz;

insert into roles (name, description) values
  ('coach', 'A coach of the community'),
  ('mentor', 'A mentor of the community'),
  ('community_leader', 'Leads part of the community')
on conflict (name) do nothing;
