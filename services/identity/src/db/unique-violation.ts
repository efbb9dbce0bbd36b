/**
 * The unique index a failed insert ran into, when it did (Postgres error 23505). Both engines
 * report the index name: pg as `constraint`, PGlite in the same field or in the message.
 */
export function uniqueViolationOf(err: unknown): string | undefined {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown; detail?: unknown };
  if (!e || e.code !== '23505') return undefined;
  if (typeof e.constraint === 'string' && e.constraint) return e.constraint;
  const text = `${String(e.message ?? '')} ${String(e.detail ?? '')}`;
  return /"([a-z0-9_]+)"/.exec(text)?.[1] ?? 'unknown';
}
