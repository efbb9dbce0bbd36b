import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, WithSchemaPlugin, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { PgliteDialect, SharedPglite } from './pglite-dialect.ts';
import { MerPostgresDialect } from './postgres-driver.ts';

export { prepareStatement, runWithCommit } from './postgres-driver.ts';

export type { Transaction };
export { sql };

/** bigint counts come back as JS numbers in both engines; numeric stays a string (money is in cents). */
const INT8_OID = 20;
pg.types.setTypeParser(INT8_OID, (value: string) => Number(value));

/**
 * A service's database: a Kysely instance whose queries are qualified with the service's own
 * schema, plus what the runtime needs for migrations. The same interface sits on PostgreSQL
 * (cluster) and on PGlite (embedded).
 */
export interface Database {
  readonly schema: string;
  readonly kind: 'postgres' | 'pglite';
  readonly db: Kysely<any>;
  /**
   * The same schema over a connection of its own for the outbox relay, so publishing never queues behind requests
   * for the request pool (a send's events waited there under load). PGlite has one session: the same handle as db.
   */
  readonly relayDb: Kysely<any>;
  /**
   * Runs fn in one transaction with the schema created and set as search_path, holding an
   * advisory lock on lockKey (replicas starting together wait for each other).
   */
  exclusiveSession<T>(lockKey: string, fn: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Raw SQL inside a migration session: exec for scripts, query for parameterised reads. */
export interface SqlSession {
  exec(script: string): Promise<void>;
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
}

/** Opens databases for services: one pool (or one PGlite) shared, one schema per service. */
export interface DatabaseProvider {
  readonly kind: 'postgres' | 'pglite';
  forSchema(schema: string): Database;
  close(): Promise<void>;
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

export function createPostgresProvider(
  connectionString: string,
  opts: { max?: number } = {},
): DatabaseProvider {
  const pools: pg.Pool[] = [];
  return {
    kind: 'postgres',
    forSchema(schema) {
      const pool = new pg.Pool({
        connectionString,
        max: opts.max ?? 10,
        options: `-c search_path=${quoteIdent(schema)},public`,
      });
      // An idle client losing its server must not crash the process; the next query reconnects.
      pool.on('error', () => undefined);
      const relayPool = new pg.Pool({
        connectionString,
        max: 1,
        options: `-c search_path=${quoteIdent(schema)},public`,
      });
      relayPool.on('error', () => undefined);
      pools.push(pool, relayPool);
      const db = new Kysely<any>({
        dialect: new MerPostgresDialect(pool),
        plugins: [new WithSchemaPlugin(schema)],
      });
      const relayDb = new Kysely<any>({
        dialect: new MerPostgresDialect(relayPool),
        plugins: [new WithSchemaPlugin(schema)],
      });
      return {
        schema,
        kind: 'postgres',
        db,
        relayDb,
        async exclusiveSession(lockKey, fn) {
          const client = await pool.connect();
          try {
            await client.query('begin');
            await client.query('select pg_advisory_xact_lock(hashtext($1))', [lockKey]);
            await client.query(`create schema if not exists ${quoteIdent(schema)}`);
            await client.query(`set local search_path to ${quoteIdent(schema)}, public`);
            const result = await fn({
              exec: async (script) => void (await client.query(script)),
              query: async (text, params) => (await client.query(text, params as unknown[])).rows,
            });
            await client.query('commit');
            return result;
          } catch (err) {
            await client.query('rollback').catch(() => undefined);
            throw err;
          } finally {
            client.release();
          }
        },
        async close() {
          await Promise.all([db.destroy(), relayDb.destroy()]);
        },
      };
    },
    async close() {
      await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
    },
  };
}

/** Creates the embedded engine: real Postgres in WASM, on disk under dataDir (or in memory). */
export async function openPglite(dataDir?: string): Promise<SharedPglite> {
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
    parsers: { [INT8_OID]: (value: string) => Number(value) },
  });
  return new SharedPglite(pglite);
}

export function createPgliteProvider(
  shared: SharedPglite,
  opts: { closeEngine?: boolean } = {},
): DatabaseProvider {
  return {
    kind: 'pglite',
    forSchema(schema) {
      const db = new Kysely<any>({
        dialect: new PgliteDialect(shared),
        plugins: [new WithSchemaPlugin(schema)],
      });
      return {
        schema,
        kind: 'pglite',
        db,
        relayDb: db,
        async exclusiveSession(_lockKey, fn) {
          // PGlite is one session, held exclusively here, so no advisory lock is needed.
          return shared.exclusive(async (pglite) => {
            await pglite.exec('begin');
            try {
              await pglite.exec(`create schema if not exists ${quoteIdent(schema)}`);
              await pglite.exec(`set local search_path to ${quoteIdent(schema)}, public`);
              const result = await fn({
                exec: async (script) => void (await pglite.exec(script)),
                query: async (text, params) =>
                  (await pglite.query(text, params ?? [], { rowMode: 'object' })).rows as any[],
              });
              await pglite.exec('commit');
              return result;
            } catch (err) {
              await pglite.exec('rollback').catch(() => undefined);
              throw err;
            }
          });
        },
        async close() {
          await db.destroy();
        },
      };
    },
    async close() {
      if (opts.closeEngine !== false) await shared.pglite.close();
    },
  };
}
