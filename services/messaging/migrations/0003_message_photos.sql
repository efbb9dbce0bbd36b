-- Every uploaded message photo: unsent (message_id null) until a message of its owner takes it; a message holds at
-- most one. The file lives in photo storage under storage_key; messages.photo_url is its public, unguessable path.
create table message_photos (
  id uuid primary key,
  owner_id uuid not null,
  storage_key text not null unique,
  width integer not null,
  height integer not null,
  message_id uuid unique references messages (id) on delete set null,
  created_at timestamptz not null default now()
);
create index message_photos_owner_idx on message_photos (owner_id);

-- Photo files to remove from storage (a deleted message, an erased member, an upload never sent): the rows go in
-- the transaction that decides it, the files after the commit, retried until storage confirms.
create table photo_deletions (
  storage_key text primary key,
  queued_at timestamptz not null default now()
);
