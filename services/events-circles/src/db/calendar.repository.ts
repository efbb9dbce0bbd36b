import type { EventsCirclesDb } from './tables.ts';

/* Members' calendar feed tokens. */

export async function findFeedOf(db: EventsCirclesDb, userId: string) {
  return db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findFeedByToken(db: EventsCirclesDb, token: string) {
  return db.selectFrom('calendar_feeds').selectAll().where('token', '=', token).executeTakeFirst();
}

/** A new token (replacing any old one). */
export async function saveFeedToken(db: EventsCirclesDb, userId: string, token: string) {
  return db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token, created_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Creates the member's feed unless one exists (concurrent first asks get the same one). */
export async function ensureFeedToken(db: EventsCirclesDb, userId: string, token: string) {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}
