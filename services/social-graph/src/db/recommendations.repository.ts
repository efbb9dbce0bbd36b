import { connectedIds, connectionsBetween } from './connections.repository.ts';
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
  const friends = await connectedIds(db, viewerId);
  const friendSet = new Set(friends);
  const counts = new Map<string, number>();
  for (const row of await connectionsBetween(db, friends, candidateIds)) {
    // The row links a friend of the viewer to a candidate; the candidate is the side that is not that friend.
    // (Candidates are never the viewer's connections, so exactly one side is a friend.)
    const candidate = friendSet.has(row.sender_id) ? row.receiver_id : row.sender_id;
    counts.set(candidate, (counts.get(candidate) ?? 0) + 1);
  }
  return counts;
}
