import { sql } from 'kysely';
import type { MemberRow, SocialGraphDb } from './tables.ts';

/** The SQL the recommendation model needs: its stored versions and the community's rows. */

export async function latestModel(
  db: SocialGraphDb,
): Promise<{ version: number; model: unknown } | undefined> {
  return db
    .selectFrom('recommendation_models')
    .select(['version', 'model'])
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Stores a new version and keeps the last few. */
export async function storeModel(db: SocialGraphDb, version: number, model: unknown): Promise<void> {
  await db
    .insertInto('recommendation_models')
    .values({ version, model: JSON.stringify(model) })
    .onConflict((oc) => oc.column('version').doNothing())
    .execute();
  await db
    .deleteFrom('recommendation_models')
    .where('version', '<=', version - 5)
    .execute();
}

/** Everyone the model may learn from or suggest: onboarded and visible in discovery. */
export async function discoverableMembers(db: SocialGraphDb): Promise<MemberRow[]> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('onboarded', '=', true)
    .where('show_in_discovery', '=', true)
    .execute();
}

export async function allDismissals(
  db: SocialGraphDb,
): Promise<Array<{ userId: string; dismissedUserId: string }>> {
  return db
    .selectFrom('recommendation_dismissals')
    .select(['user_id as userId', 'dismissed_user_id as dismissedUserId'])
    .execute();
}

/** For each candidate, how many members are connected to both the viewer and the candidate. */
export async function mutualCounts(
  db: SocialGraphDb,
  viewerId: string,
  candidateIds: readonly string[],
): Promise<Map<string, number>> {
  if (candidateIds.length === 0) return new Map();
  const rows = await sql<{ candidate: string; n: number }>`
    with mine as (
      select case when sender_id = ${viewerId} then receiver_id else sender_id end as friend
      from connection_requests
      where not deleted and status = 'accepted' and (sender_id = ${viewerId} or receiver_id = ${viewerId})
    )
    select case when c.sender_id = mine.friend then c.receiver_id else c.sender_id end as candidate,
           count(*)::int as n
    from connection_requests c
    join mine on mine.friend in (c.sender_id, c.receiver_id)
    where not c.deleted and c.status = 'accepted'
      and (case when c.sender_id = mine.friend then c.receiver_id else c.sender_id end)
          = any(${sql.val([...candidateIds])}::uuid[])
    group by 1`.execute(db);
  return new Map(rows.rows.map((r) => [r.candidate, Number(r.n)]));
}
