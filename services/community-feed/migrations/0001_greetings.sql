-- community-feed: first migration. Tables are unqualified: the runtime sets search_path to the
-- service's own schema (community_feed). Once a migration has run anywhere, never edit it: add 0002_....
-- The greetings table backs the scaffold's routes and consumers; replace it with the service's own tables.
-- Member erasure's tombstones live in the runtime's own member_tombstones table.
create table greetings (
  id uuid primary key,
  member_id uuid not null,
  recipient text not null,
  message text not null,
  greeted_at timestamptz not null default now()
);

create index greetings_member_idx on greetings (member_id, greeted_at desc);
