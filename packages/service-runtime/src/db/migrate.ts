import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database.ts';

export interface Migration {
  name: string;
  sql: string;
}

/** Tables every service has: the transactional outbox and the consumers' processed-event ids. */
export const RUNTIME_MIGRATIONS: Migration[] = [
  {
    name: 'runtime_0001_outbox_and_processed_events',
    sql: `
      create table outbox (
        seq bigserial primary key,
        id uuid not null unique,
        subject text not null,
        envelope jsonb not null,
        occurred_at timestamptz not null,
        published_at timestamptz
      );
      create index outbox_unpublished on outbox (seq) where published_at is null;
      create table processed_events (
        consumer text not null,
        event_id uuid not null,
        processed_at timestamptz not null default now(),
        primary key (consumer, event_id)
      );
    `,
  },
  {
    // Member erasure (db/member-erasure.ts): the ids of erased members, so late events cannot revive them.
    name: 'runtime_0002_member_tombstones',
    sql: `
      create table member_tombstones (
        member_id text primary key,
        erased_at timestamptz not null default now()
      );
    `,
  },
];

/** Numbered SQL files (0001_name.sql) of a service, in order. */
export async function readMigrations(dir: string): Promise<Migration[]> {
  let files: string[];
  try {
    files = await readdir(dir);
  } catch {
    return [];
  }
  const sqlFiles = files.filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return Promise.all(
    sqlFiles.map(async (f) => ({ name: f.replace(/\.sql$/, ''), sql: await readFile(join(dir, f), 'utf8') })),
  );
}

/**
 * Applies pending migrations (runtime tables first) in one transaction under an advisory lock,
 * so replicas starting together neither race nor apply anything twice. Returns the names applied.
 */
export async function migrate(database: Database, migrations: Migration[]): Promise<string[]> {
  const all = [...RUNTIME_MIGRATIONS, ...migrations];
  return database.exclusiveSession(`mer-migrate-${database.schema}`, async (session) => {
    await session.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const rows = await session.query<{ name: string }>('select name from schema_migrations');
    const applied = new Set(rows.map((r) => r.name));
    const pending = all.filter((m) => !applied.has(m.name));
    for (const m of pending) {
      await session.exec(m.sql);
      await session.query('insert into schema_migrations (name) values ($1)', [m.name]);
    }
    return pending.map((m) => m.name);
  });
}
