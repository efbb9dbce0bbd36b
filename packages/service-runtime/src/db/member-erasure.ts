import { sql, type Transaction } from 'kysely';

/**
 * Member erasure, the same in every service: when identity says a member was deleted, a service erases what it
 * holds of them and keeps a tombstone (the id only, in the runtime's `member_tombstones` table), so that a late
 * event about that member (a sign-up, a membership, a post) can never bring their data back. Every write of one
 * member's data that could race the erasure takes the member's lock first; the lock lasts until the transaction
 * ends, so nothing slips in between the erasure's deletes and its tombstone.
 */
export interface MemberErasure {
  /** Serialises, until the transaction ends, every write of this member's data in this service. */
  lock(memberId: string): Promise<void>;
  /**
   * lock() for several members in one statement, in one order (sorted ids), so two transactions locking
   * overlapping members never deadlock.
   */
  lockAll(memberIds: readonly string[]): Promise<void>;
  /** Whether the member was erased here (their data must not be written again). */
  isErased(memberId: string): Promise<boolean>;
  /** Records the tombstone (idempotent). Takes the member's lock. */
  markErased(memberId: string): Promise<void>;
}

export function memberErasure(trx: Transaction<any>, schema: string): MemberErasure {
  // 64-bit hash: two members sharing a lock by collision would only wait for each other, never lose data. The key is
  // a literal (ids and schema names only; quotes doubled), so a transaction that starts with its locks sends them
  // with its BEGIN in one round trip (db/postgres-driver.ts).
  const lockOf = (memberId: string) =>
    sql`pg_advisory_xact_lock(hashtextextended(${sql.lit(`${schema}:member:${memberId}`)}, 0))`;
  const lock = async (memberId: string) => {
    await sql`select ${lockOf(memberId)}`.execute(trx);
  };
  return {
    lock,
    async lockAll(memberIds) {
      const ids = [...new Set(memberIds)].sort();
      if (ids.length === 0) return;
      // The select list is evaluated left to right: the locks are taken in the sorted order.
      await sql`select ${sql.join(ids.map(lockOf))}`.execute(trx);
    },
    async isErased(memberId) {
      const row = await trx
        .selectFrom('member_tombstones')
        .select('member_id')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row !== undefined;
    },
    async markErased(memberId) {
      await lock(memberId);
      await trx
        .insertInto('member_tombstones')
        .values({ member_id: memberId })
        .onConflict((oc) => oc.column('member_id').doNothing())
        .execute();
    },
  };
}
