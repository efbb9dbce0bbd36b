import { sql, type Transaction } from 'kysely';
import type { IdentityTables } from './tables.ts';

/**
 * Serialises the first-start work of replicas starting together (creating the admin and the
 * newcomers' invitation code): waits for the others' transaction to end, and holds the turn
 * until this one ends.
 */
export async function waitForFirstStartTurn(trx: Transaction<IdentityTables>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('mer-identity-bootstrap'))`.execute(trx);
}
