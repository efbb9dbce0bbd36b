import type { GreetingRow, CommunityFeedDb } from './tables.ts';

/** The only place that speaks SQL about greetings. A transaction is a CommunityFeedDb too. */

export async function insertGreeting(
  db: CommunityFeedDb,
  greeting: { id: string; memberId: string; recipient: string; message: string },
): Promise<GreetingRow> {
  return db
    .insertInto('greetings')
    .values({
      id: greeting.id,
      member_id: greeting.memberId,
      recipient: greeting.recipient,
      message: greeting.message,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listGreetingsOf(db: CommunityFeedDb, memberId: string): Promise<GreetingRow[]> {
  return db
    .selectFrom('greetings')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('greeted_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Erasure: every row of the member goes. */
export async function deleteGreetingsOf(db: CommunityFeedDb, memberId: string): Promise<void> {
  await db.deleteFrom('greetings').where('member_id', '=', memberId).execute();
}
