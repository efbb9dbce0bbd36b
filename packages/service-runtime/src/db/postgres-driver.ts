import {
  CompiledQuery,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type Transaction,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';

/**
 * Kysely's PostgreSQL dialect with MER's own driver over node-postgres, for two things a round trip to PostgreSQL
 * cost on the hot paths (bench:messaging):
 *
 * - Named prepared statements for the queries built once (`reusableQuery` calls `prepareStatement`): PostgreSQL
 *   parses and plans an unnamed statement on every call, which for a send's facts query (a dozen subqueries) cost
 *   the server about 250 µs a time against about 40 µs for the prepared one. Each connection prepares a statement
 *   the first time it runs it (node-postgres keeps the names per connection).
 * - Statements sent with the COMMIT (`runWithCommit`): a transaction's outbox rows go in the same round trip.
 * - BEGIN sent with the transaction's first statement when that one has no parameters (a send's member locks).
 *
 * Everything else is what Kysely's own PostgresDriver does.
 */
export class MerPostgresDialect extends PostgresDialect {
  constructor(private readonly pool: pg.Pool) {
    super({ pool });
  }

  override createDriver(): Driver {
    return new MerPostgresDriver(this.pool);
  }
}

/** Statement names of the SQL texts run as named prepared statements. */
const statementNames = new Map<string, string>();

/** Runs this SQL text as a named prepared statement from now on (on PostgreSQL; other engines ignore it). */
export function prepareStatement(sqlText: string): void {
  if (!statementNames.has(sqlText)) statementNames.set(sqlText, `mer_${statementNames.size + 1}`);
}

/** Statements waiting to go with their transaction's COMMIT, by connection (see runWithCommit). */
const statementsAtCommit = new WeakMap<DatabaseConnection, string>();

/**
 * Sends a transaction's last statement in the same round trip as its COMMIT where the engine allows it (PostgreSQL:
 * one simple-protocol query `<statement>;commit`, so the statement carries its values as literals, quoted by the
 * driver's own functions). For what a transaction writes last and never reads back: its outbox rows, one round trip
 * less for every transaction that publishes. A failing statement fails the commit and the transaction rolls back,
 * as if it had run before. Returns false where the engine does not (PGlite): the caller runs its statement itself.
 */
export async function runWithCommit(
  trx: Transaction<any>,
  statement: (quote: { literal(value: string): string; identifier(name: string): string }) => string,
): Promise<boolean> {
  const connection = await trx.getExecutor().provideConnection(async (c) => c);
  if (!(connection instanceof MerPostgresConnection)) return false;
  const text = statement({ literal: pg.escapeLiteral, identifier: pg.escapeIdentifier });
  const earlier = statementsAtCommit.get(connection);
  statementsAtCommit.set(connection, earlier === undefined ? text : `${earlier};${text}`);
  return true;
}

/** PostgreSQL's "cached plan must not change result type": a table a prepared statement reads changed shape. */
const PLAN_CHANGED = '0A000';

class MerPostgresConnection implements DatabaseConnection {
  /** Prepared statements this connection no longer uses (their table changed shape under them). */
  private stale: Set<string> | undefined;
  /** Between the driver's begin and its commit or rollback. */
  inTransaction = false;
  /**
   * The BEGIN of a transaction not sent yet: it goes with the transaction's first statement when that one has no
   * parameters (one simple-protocol query, e.g. the member locks of a send), otherwise just before it.
   */
  pendingBegin: string | undefined;

  constructor(readonly client: pg.PoolClient) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const values = [...query.parameters];
    let name = statementNames.get(query.sql);
    if (name !== undefined && this.stale?.has(name)) name = undefined;
    let text = query.sql;
    const begin = this.pendingBegin;
    if (begin !== undefined) {
      this.pendingBegin = undefined;
      if (values.length === 0 && name === undefined) text = `${begin};${text}`;
      else await this.client.query(begin);
    }
    let result: pg.QueryResult | pg.QueryResult[];
    try {
      result = await this.client.query(name === undefined ? { text, values } : { name, text, values });
    } catch (err) {
      // A migration changed a table under a statement this connection prepared (`select *` of a table that gained a
      // column): run it unprepared from now on (a new connection prepares it afresh). Outside a transaction the call
      // is run again at once; inside one, PostgreSQL has aborted the transaction and the caller's retry succeeds.
      if (name === undefined || (err as { code?: string }).code !== PLAN_CHANGED) throw err;
      (this.stale ??= new Set()).add(name);
      if (this.inTransaction) throw err;
      result = await this.client.query({ text: query.sql, values });
    }
    // A simple-protocol query of several statements (begin or commit with a statement) answers each.
    const last = Array.isArray(result) ? result[result.length - 1]! : result;
    const changed =
      last.command === 'INSERT' ||
      last.command === 'UPDATE' ||
      last.command === 'DELETE' ||
      last.command === 'MERGE';
    return {
      ...(changed ? { numAffectedRows: BigInt(last.rowCount ?? 0) } : {}),
      rows: (last.rows ?? []) as R[],
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported by this driver');
  }
}

class MerPostgresDriver implements Driver {
  constructor(private readonly pool: pg.Pool) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.pool.connect();
    let connection = connections.get(client);
    if (!connection) connections.set(client, (connection = new MerPostgresConnection(client)));
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let text = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      text = 'start transaction';
      if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) text += ` ${settings.accessMode}`;
    }
    // Sent with the first statement (MerPostgresConnection.pendingBegin): one round trip less.
    const c = connection as MerPostgresConnection;
    c.pendingBegin = text;
    c.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as MerPostgresConnection;
    const statements = statementsAtCommit.get(connection);
    statementsAtCommit.delete(connection);
    const begin = c.pendingBegin;
    c.pendingBegin = undefined;
    c.inTransaction = false;
    // A transaction that ran no statement: nothing was begun, nothing to commit.
    if (begin !== undefined && statements === undefined) return;
    const parts = [begin, statements, 'commit'].filter((part) => part !== undefined);
    await c.client.query(parts.join(';'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as MerPostgresConnection;
    statementsAtCommit.delete(connection);
    c.inTransaction = false;
    if (c.pendingBegin !== undefined) {
      c.pendingBegin = undefined;
      return;
    }
    await c.client.query('rollback');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as MerPostgresConnection).client.release();
  }

  async destroy(): Promise<void> {
    // The provider may have ended the pool already (it ends every pool it made on close).
    if (!this.pool.ended) await this.pool.end();
  }
}

/** One connection object per pooled client, so its prepared statements and pending statements stay with it. */
const connections = new WeakMap<pg.PoolClient, MerPostgresConnection>();
