-- profile-onboarding: the photo pipeline. Photos that passed the checks (re-encoded square JPEG,
-- exactly one face). The file itself is in the photo storage (local folder or S3 bucket) under storage_key.
create table photos (
  id uuid primary key,
  user_id uuid not null,
  storage_key text not null unique,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  face_count integer not null check (face_count >= 0),
  created_at timestamptz not null default now()
);

create index photos_user_id_idx on photos (user_id, created_at desc);

-- Files still to delete from the photo storage. A deleted member's photo rows go in the same
-- transaction as the rest of their data; storage is not transactional, so the keys wait here until
-- the storage confirms (deleting a missing file counts as done, so retries are harmless).
create table photo_deletions (
  storage_key text primary key,
  queued_at timestamptz not null default now()
);
