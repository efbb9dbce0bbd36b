import type { Compilable, CompiledQuery, Kysely, KyselyPlugin } from 'kysely';
import { prepareStatement } from './postgres-driver.ts';

const MARK = '\u0000mer-query-parameter:';

/**
 * A query built and compiled once per schema, then run with fresh parameters (on PostgreSQL as a named prepared
 * statement, so the server does not parse and plan it again either): for the few statements on a hot path,
 * where building and compiling a large query with Kysely costs more CPU than running it (a message send's facts: a
 * dozen subqueries). `build` receives stand-ins for the parameters and must only use them as values (where, values,
 * set): never in JavaScript logic, since the built query is reused for every call. The result is typed as the query
 * builder says; the schema plugin is applied at the first compile, like for any query.
 */
export function reusableQuery<DB, P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, parameters: P) => Compilable<R>,
): (db: Kysely<DB>, parameters: P) => Promise<R[]> {
  // One compiled form per schema: the schema plugin object is the same for a service's handle and its transactions.
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  const noPlugins = {};
  const standIns = new Proxy({} as P, { get: (_target, name) => `${MARK}${String(name)}` });
  return async (db, parameters) => {
    const plugins: readonly KyselyPlugin[] = db.getExecutor().plugins;
    const key = plugins.length === 0 ? noPlugins : plugins.length === 1 ? plugins[0]! : undefined;
    let query = key ? compiled.get(key) : undefined;
    if (!query) {
      query = build(db, standIns).compile();
      // Run as a named prepared statement on PostgreSQL: parsed and planned once per connection, not per call.
      prepareStatement(query.sql);
      if (key) compiled.set(key, query);
    }
    const bound = query.parameters.map((value) => {
      if (typeof value !== 'string' || !value.startsWith(MARK)) return value;
      const name = value.slice(MARK.length);
      if (!(name in parameters)) throw new Error(`reusableQuery: no value for parameter ${name}`);
      return parameters[name];
    });
    const result = await db.executeQuery<R>({ ...query, parameters: bound });
    return result.rows;
  };
}
