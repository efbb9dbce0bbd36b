import type { EventsCirclesDb } from './tables.ts';

/* What erasing a member removes beyond the copies (members.repository forgetMemberFacts). */

export async function rsvpsOfMember(db: EventsCirclesDb, userId: string) {
  return db.selectFrom('rsvps').selectAll().where('user_id', '=', userId).execute();
}

export async function deleteRsvp(db: EventsCirclesDb, targetId: string, userId: string): Promise<void> {
  await db.deleteFrom('rsvps').where('target_id', '=', targetId).where('user_id', '=', userId).execute();
}

export async function deleteGatheringsRsvps(
  db: EventsCirclesDb,
  targetIds: readonly string[],
): Promise<void> {
  if (targetIds.length === 0) return;
  await db
    .deleteFrom('rsvps')
    .where('target_id', 'in', [...targetIds])
    .execute();
  await db
    .deleteFrom('reminders')
    .where('target_id', 'in', [...targetIds])
    .execute();
}

export async function eventsHostedBy(db: EventsCirclesDb, userId: string) {
  return db.selectFrom('events').selectAll().where('host_id', '=', userId).execute();
}

export async function deleteEvents(db: EventsCirclesDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('events')
    .where('id', 'in', [...ids])
    .execute();
}

export async function meetupsHostedBy(db: EventsCirclesDb, userId: string) {
  return db.selectFrom('meetups').selectAll().where('host_id', '=', userId).execute();
}

export async function occurrenceIdsOf(db: EventsCirclesDb, meetupIds: readonly string[]): Promise<string[]> {
  if (meetupIds.length === 0) return [];
  const rows = await db
    .selectFrom('meetup_occurrences')
    .select('id')
    .where('meetup_id', 'in', [...meetupIds])
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteMeetups(db: EventsCirclesDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('meetups')
    .where('id', 'in', [...ids])
    .execute();
}

export async function circleRowsOfMember(db: EventsCirclesDb, userId: string) {
  return db.selectFrom('circle_members').selectAll().where('user_id', '=', userId).execute();
}

/** Who takes over a circle whose holder leaves for good: the longest-standing moderator, else member. */
export async function successorIn(db: EventsCirclesDb, circleId: string, leaving: string) {
  return db
    .selectFrom('circle_members')
    .selectAll()
    .where('circle_id', '=', circleId)
    .where('status', '=', 'member')
    .where('user_id', '!=', leaving)
    .orderBy((eb) => eb.case().when('role', '=', 'moderator').then(0).else(1).end())
    .orderBy('joined_at')
    .limit(1)
    .executeTakeFirst();
}

export async function deleteCircle(db: EventsCirclesDb, circleId: string): Promise<void> {
  await db.deleteFrom('circles').where('id', '=', circleId).execute();
}

/** The member's own writing and settings everywhere in the schema. */
export async function deleteAuthoredContent(db: EventsCirclesDb, userId: string): Promise<void> {
  await db.deleteFrom('circle_post_reactions').where('user_id', '=', userId).execute();
  await db.deleteFrom('circle_posts').where('author_id', '=', userId).execute();
  await db.deleteFrom('circle_discussion_replies').where('author_id', '=', userId).execute();
  await db.deleteFrom('circle_discussions').where('author_id', '=', userId).execute();
  await db.deleteFrom('circle_updates').where('author_id', '=', userId).execute();
  await db.deleteFrom('forum_topics').where('created_by', '=', userId).execute();
  await db.deleteFrom('circle_members').where('user_id', '=', userId).execute();
  await db.updateTable('circle_members').set({ invited_by: null }).where('invited_by', '=', userId).execute();
  await db.deleteFrom('reminders').where('user_id', '=', userId).execute();
  await db.deleteFrom('rsvps').where('user_id', '=', userId).execute();
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
  await db.deleteFrom('dismissals').where('user_id', '=', userId).execute();
  await db.deleteFrom('reports').where('reporter_id', '=', userId).execute();
}
