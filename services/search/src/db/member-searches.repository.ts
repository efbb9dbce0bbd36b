import { sql } from 'kysely';
import type { SavedSearchRow, SearchDb, SearchHistoryRow } from './tables.ts';

/** The member's own searches: history (at most `keep` entries), saved searches, and the anonymous query counts. */

export async function recordHistoryEntry(
  db: SearchDb,
  entry: { id: string; memberId: string; query: string; resultCount: number; filters: unknown },
  keep: number,
): Promise<SearchHistoryRow> {
  // The same query again replaces its older entry, so the list shows each search once, newest first.
  await db
    .deleteFrom('search_history')
    .where('member_id', '=', entry.memberId)
    .where(sql`lower(query)`, '=', entry.query.toLowerCase())
    .execute();
  const row = await db
    .insertInto('search_history')
    .values({
      id: entry.id,
      member_id: entry.memberId,
      query: entry.query,
      result_count: entry.resultCount,
      filters: JSON.stringify(entry.filters),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const kept = db
    .selectFrom('search_history')
    .select('id')
    .where('member_id', '=', entry.memberId)
    .orderBy('searched_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep);
  await db
    .deleteFrom('search_history')
    .where('member_id', '=', entry.memberId)
    .where('id', 'not in', kept)
    .execute();
  return row;
}

export async function listHistory(
  db: SearchDb,
  memberId: string,
  limit: number,
): Promise<SearchHistoryRow[]> {
  return db
    .selectFrom('search_history')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('searched_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function clearHistory(db: SearchDb, memberId: string): Promise<void> {
  await db.deleteFrom('search_history').where('member_id', '=', memberId).execute();
}

export async function insertSavedSearch(
  db: SearchDb,
  saved: {
    id: string;
    memberId: string;
    name: string;
    query: string;
    filters: unknown;
    notificationsEnabled: boolean;
  },
): Promise<SavedSearchRow> {
  return db
    .insertInto('saved_searches')
    .values({
      id: saved.id,
      member_id: saved.memberId,
      name: saved.name,
      query: saved.query,
      filters: JSON.stringify(saved.filters),
      notifications_enabled: saved.notificationsEnabled,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listSavedSearches(db: SearchDb, memberId: string): Promise<SavedSearchRow[]> {
  return db
    .selectFrom('saved_searches')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function setSavedSearchNotifications(
  db: SearchDb,
  memberId: string,
  id: string,
  enabled: boolean,
): Promise<SavedSearchRow | undefined> {
  return db
    .updateTable('saved_searches')
    .set({ notifications_enabled: enabled })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSavedSearch(db: SearchDb, memberId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_searches')
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** One member searched this (normalised) query: counted once per member. */
export async function countSearcher(db: SearchDb, query: string, memberId: string): Promise<void> {
  await db
    .insertInto('query_searchers')
    .values({ query, member_id: memberId })
    .onConflict((oc) => oc.columns(['query', 'member_id']).doUpdateSet({ searched_at: sql`now()` }))
    .execute();
}

/** The most searched queries, only those searched by at least `minMembers` members; never who searched. */
export async function popularQueries(
  db: SearchDb,
  limit: number,
  minMembers: number,
): Promise<{ query: string; count: number }[]> {
  const rows = await db
    .selectFrom('query_searchers')
    .select(['query', sql<string>`count(*)`.as('count')])
    .groupBy('query')
    .having(sql`count(*)`, '>=', minMembers)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('query')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ query: r.query, count: Number(r.count) }));
}

/** Erasure: the member's history, saved searches and their part in the query counts go. */
export async function deleteSearchesOf(db: SearchDb, memberId: string): Promise<void> {
  await db.deleteFrom('search_history').where('member_id', '=', memberId).execute();
  await db.deleteFrom('saved_searches').where('member_id', '=', memberId).execute();
  await db.deleteFrom('query_searchers').where('member_id', '=', memberId).execute();
}

/** Everything of the member's own for "Download my data". */
export async function searchesOf(
  db: SearchDb,
  memberId: string,
): Promise<{ history: SearchHistoryRow[]; saved: SavedSearchRow[] }> {
  const [history, saved] = await Promise.all([
    listHistory(db, memberId, 1000),
    listSavedSearches(db, memberId),
  ]);
  return { history, saved };
}
