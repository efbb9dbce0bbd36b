import { sql } from 'kysely';
import type { EventsCirclesDb } from './tables.ts';

/* What the recommendation model reads (answers, items, connections) and keeps (dismissals, trained models). */

export async function upcomingEventItems(db: EventsCirclesDb, now: Date, limit: number) {
  return db
    .selectFrom('events')
    .leftJoin('circles', 'circles.id', 'events.circle_id')
    .select([
      'events.id',
      'events.title',
      'events.category',
      'events.latitude',
      'events.longitude',
      'events.circle_id',
      'circles.name as circle_name',
      'events.going_count',
    ])
    .where('events.approval_status', '=', 'approved')
    .where('events.hidden_at', 'is', null)
    .where('events.status', '=', 'scheduled')
    .where('events.starts_at', '>', now)
    .where('events.starts_at', '<', new Date(now.getTime() + 90 * 86_400_000))
    .orderBy('events.starts_at')
    .limit(limit)
    .execute();
}

export async function listedCircleItems(db: EventsCirclesDb, limit: number) {
  return db
    .selectFrom('circles')
    .select(['id', 'name', 'category', 'latitude', 'longitude', 'member_count'])
    .where('approval_status', '=', 'approved')
    .where('hidden_at', 'is', null)
    .orderBy('member_count', 'desc')
    .limit(limit)
    .execute();
}

/** Who is going to these events, and who is in these circles. */
export async function participantsOf(
  db: EventsCirclesDb,
  eventIds: readonly string[],
  circleIds: readonly string[],
) {
  const going =
    eventIds.length === 0
      ? []
      : await db
          .selectFrom('rsvps')
          .select(['target_id as item_id', 'user_id'])
          .where('target_id', 'in', [...eventIds])
          .where('status', '=', 'going')
          .execute();
  const members =
    circleIds.length === 0
      ? []
      : await db
          .selectFrom('circle_members')
          .select(['circle_id as item_id', 'user_id'])
          .where('circle_id', 'in', [...circleIds])
          .where('status', '=', 'member')
          .execute();
  return [...going, ...members];
}

/** The categories of what these members took part in (events going, circles joined), and their circles. */
export async function takenBy(db: EventsCirclesDb, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const events = await db
    .selectFrom('rsvps')
    .innerJoin('events', 'events.id', 'rsvps.target_id')
    .select(['rsvps.user_id', 'events.id as item_id', 'events.category', sql<string>`'event'`.as('kind')])
    .where('rsvps.user_id', 'in', [...userIds])
    .where('rsvps.status', '=', 'going')
    .execute();
  const circles = await db
    .selectFrom('circle_members')
    .innerJoin('circles', 'circles.id', 'circle_members.circle_id')
    .select([
      'circle_members.user_id',
      'circles.id as item_id',
      'circles.category',
      sql<string>`'circle'`.as('kind'),
    ])
    .where('circle_members.user_id', 'in', [...userIds])
    .where('circle_members.status', '=', 'member')
    .execute();
  return [...events, ...circles];
}

export async function connectionsOfMembers(db: EventsCirclesDb, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('connections')
    .select(['user_id', 'other_id'])
    .where('user_id', 'in', [...userIds])
    .where('connected', '=', true)
    .execute();
}

export async function dismissalsOf(db: EventsCirclesDb, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('dismissals').select('item_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.item_id));
}

export async function saveDismissal(
  db: EventsCirclesDb,
  userId: string,
  kind: 'event' | 'circle',
  itemId: string,
): Promise<void> {
  await db
    .insertInto('dismissals')
    .values({ user_id: userId, item_kind: kind, item_id: itemId })
    .onConflict((oc) => oc.columns(['user_id', 'item_kind', 'item_id']).doNothing())
    .execute();
}

/** Recent answers (the training positives) and dismissals (strong negatives). */
export async function recentAnswers(db: EventsCirclesDb, limit: number) {
  const going = await db
    .selectFrom('rsvps')
    .select(['user_id', 'target_id as item_id'])
    .where('status', '=', 'going')
    .where('target_kind', '=', 'event')
    .orderBy('responded_at', 'desc')
    .limit(limit)
    .execute();
  const joined = await db
    .selectFrom('circle_members')
    .select(['user_id', 'circle_id as item_id'])
    .where('status', '=', 'member')
    .where('role', '!=', 'holder')
    .orderBy('joined_at', 'desc')
    .limit(limit)
    .execute();
  const dismissed = await db
    .selectFrom('dismissals')
    .select(['user_id', 'item_id'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return { positives: [...going, ...joined], dismissed };
}

export async function latestModel(db: EventsCirclesDb) {
  return db
    .selectFrom('recommendation_models')
    .selectAll()
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function saveModel(db: EventsCirclesDb, version: number, model: unknown): Promise<void> {
  await db
    .insertInto('recommendation_models')
    .values({ version, model: JSON.stringify(model) })
    .onConflict((oc) => oc.column('version').doNothing())
    .execute();
}

export async function membersWithPlace(db: EventsCirclesDb, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('members')
    .select(['user_id', 'interests', 'latitude', 'longitude'])
    .where('user_id', 'in', [...userIds])
    .execute();
}
