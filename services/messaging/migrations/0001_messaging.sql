-- messaging: first migration. Tables are unqualified: the runtime sets search_path to the service's own schema
-- (messaging). Once a migration has run anywhere, never edit it: add 0002_....
-- Member erasure's tombstones live in the runtime's own member_tombstones table.

-- What messaging knows of members, only from identity's and profile-onboarding's events (names and photos for the
-- conversation list and the message notification).
create table members (
  user_id uuid primary key,
  name text not null default '',
  image_url text,
  -- occurredAt of the event the row reflects: an older event redelivered late never overwrites it.
  profile_at timestamptz not null
);

-- Messaging settings, a row only once the member changed one (defaults: read receipts on, anyone may message).
create table member_settings (
  user_id uuid primary key,
  read_receipts boolean not null default true,
  only_connections boolean not null default false,
  updated_at timestamptz not null default now()
);

-- Copies of social-graph's blocks and connections (its events), for the consent rules.
create table blocks (
  blocker_id uuid not null,
  blocked_id uuid not null,
  blocked_at timestamptz not null,
  primary key (blocker_id, blocked_id)
);
create index blocks_blocked_idx on blocks (blocked_id);

create table connections (
  member_low uuid not null,
  member_high uuid not null,
  connected_at timestamptz not null,
  primary key (member_low, member_high),
  check (member_low < member_high)
);
create index connections_high_idx on connections (member_high);

create table conversations (
  id uuid primary key,
  created_by uuid,
  is_group boolean not null default false,
  title text,
  -- A one-to-one conversation's pair, smaller id first: unique, so two members starting at once get one.
  pair_low uuid,
  pair_high uuid,
  -- The last sequence number handed out; sends lock this row, so numbers are gap-free and in commit order.
  last_sequence integer not null default 0,
  -- The list's preview, kept with each send, edit and delete of the last message.
  last_message_body text,
  last_message_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (pair_low, pair_high),
  check ((pair_low is null) = (pair_high is null) and (pair_low is null or pair_low < pair_high))
);

create table conversation_members (
  conversation_id uuid not null references conversations (id) on delete cascade,
  user_id uuid not null,
  -- Messages of the other members after last_read_sequence that are not deleted.
  unread_count integer not null default 0 check (unread_count >= 0),
  last_read_sequence integer not null default 0,
  joined_at timestamptz not null default now(),
  primary key (conversation_id, user_id)
);
create index conversation_members_user_idx on conversation_members (user_id);

create table messages (
  id uuid primary key,
  conversation_id uuid not null references conversations (id) on delete cascade,
  sequence integer not null,
  -- null once the sender's account was deleted.
  sender_id uuid,
  -- Sanitised plain text; null once deleted.
  body text,
  photo_url text,
  -- The sender's optimistic id: a retried send returns the saved message instead of sending twice.
  client_message_id uuid,
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  deleted_at timestamptz,
  reaction_count integer not null default 0 check (reaction_count >= 0),
  unique (conversation_id, sequence)
);
create unique index messages_client_id_idx on messages (sender_id, client_message_id)
  where client_message_id is not null;
create index messages_sender_idx on messages (sender_id);

create table message_reactions (
  message_id uuid not null references messages (id) on delete cascade,
  user_id uuid not null,
  reaction text not null,
  reacted_at timestamptz not null default now(),
  primary key (message_id, user_id)
);
create index message_reactions_user_idx on message_reactions (user_id);
