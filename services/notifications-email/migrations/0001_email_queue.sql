-- Every e-mail MER sends, from queued to sent (or failed). Event handlers insert rows inside the
-- consumer's transaction, so an event queues its e-mails exactly once; the dispatcher claims due
-- rows, sends them outside any transaction and records the outcome.
create table email_queue (
  id uuid primary key,
  -- Insertion order: "newest first" must be stable for rows queued in the same transaction.
  seq bigint generated always as identity unique,
  -- The event that asked for this e-mail; with kind it makes a second insert for one event a no-op.
  event_id uuid not null,
  kind text not null,
  -- The member the e-mail concerns; identity.user.deleted.v1 removes every row carrying it.
  user_id uuid,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  -- The link the reader is asked to open (confirmation, reset), printed by the local outbox.
  action_url text,
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  -- The transport it is queued for, then the one that actually sent it.
  transport text not null check (transport in ('outbox', 'smtp')),
  attempts integer not null default 0,
  last_error text,
  -- When the dispatcher may take it next: now for new rows, later after a failure (backoff),
  -- and a lease while a dispatcher is sending it (a crashed sender's rows come back when it ends).
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (event_id, kind)
);
create index email_queue_due on email_queue (next_attempt_at) where status = 'queued';
create index email_queue_member on email_queue (user_id);
create index email_queue_recipient on email_queue (lower(to_address), seq desc);

-- Members whose account was deleted: an event about them handled late (another subject, another
-- consumer) must not queue a new e-mail. Only the random account id is kept, nothing personal.
create table erased_members (
  user_id uuid primary key,
  erased_at timestamptz not null default now()
);
