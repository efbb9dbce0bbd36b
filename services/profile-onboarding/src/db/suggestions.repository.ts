import { sql, type Kysely } from 'kysely';
import type { ProfileOnboardingTables, InterestSuggestionRow } from './tables.ts';

/** SQL about interest suggestions. */

/** The member's pending suggestion with this name (any case); inserts it unless it exists. */
export async function insertSuggestionIfAbsent(
  db: Kysely<ProfileOnboardingTables>,
  userId: string,
  name: string,
): Promise<{ row: InterestSuggestionRow; created: boolean }> {
  const inserted = await db
    .insertInto('interest_suggestions')
    .values({ user_id: userId, suggested_name: name })
    .onConflict((oc) => oc.expression(sql`user_id, lower(suggested_name)`).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const existing = await db
    .selectFrom('interest_suggestions')
    .selectAll()
    .where('user_id', '=', userId)
    .where(sql<string>`lower(suggested_name)`, '=', name.toLowerCase())
    .executeTakeFirstOrThrow();
  return { row: existing, created: false };
}

export async function listSuggestions(
  db: Kysely<ProfileOnboardingTables>,
  status?: string,
): Promise<InterestSuggestionRow[]> {
  let query = db.selectFrom('interest_suggestions').selectAll();
  if (status) query = query.where('status', '=', status);
  return query.orderBy('created_at', 'desc').orderBy('id').limit(500).execute();
}

/** The suggestion, locked for review in this transaction. */
export async function findSuggestionForUpdate(
  db: Kysely<ProfileOnboardingTables>,
  id: string,
): Promise<InterestSuggestionRow | undefined> {
  return db
    .selectFrom('interest_suggestions')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function recordReview(
  db: Kysely<ProfileOnboardingTables>,
  id: string,
  review: {
    status: 'approved' | 'rejected';
    reviewedBy: string;
    reviewedAt: Date;
    rejectionReason: string | null;
  },
): Promise<InterestSuggestionRow> {
  return db
    .updateTable('interest_suggestions')
    .set({
      status: review.status,
      reviewed_by: review.reviewedBy,
      reviewed_at: review.reviewedAt,
      rejection_reason: review.rejectionReason,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
