import type { EventsCirclesDb } from './tables.ts';

/* Everything events-circles keeps about one member, for "Download my data". */

export async function memberDataRows(db: EventsCirclesDb, userId: string) {
  const [
    circles,
    circlesCreated,
    updates,
    forumTopics,
    discussions,
    replies,
    posts,
    reactions,
    eventsHosted,
    meetupsHosted,
    rsvps,
    reminders,
    feed,
    dismissals,
  ] = await Promise.all([
    db
      .selectFrom('circle_members')
      .innerJoin('circles', 'circles.id', 'circle_members.circle_id')
      .select([
        'circle_members.circle_id',
        'circles.name',
        'circle_members.status',
        'circle_members.role',
        'circle_members.created_at',
      ])
      .where('circle_members.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('circles')
      .select(['id', 'name', 'description', 'approval_status', 'created_at'])
      .where('holder_id', '=', userId)
      .execute(),
    db.selectFrom('circle_updates').selectAll().where('author_id', '=', userId).execute(),
    db.selectFrom('forum_topics').selectAll().where('created_by', '=', userId).execute(),
    db.selectFrom('circle_discussions').selectAll().where('author_id', '=', userId).execute(),
    db.selectFrom('circle_discussion_replies').selectAll().where('author_id', '=', userId).execute(),
    db.selectFrom('circle_posts').selectAll().where('author_id', '=', userId).execute(),
    db.selectFrom('circle_post_reactions').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('events').selectAll().where('host_id', '=', userId).execute(),
    db.selectFrom('meetups').selectAll().where('host_id', '=', userId).execute(),
    db.selectFrom('rsvps').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('reminders').selectAll().where('user_id', '=', userId).execute(),
    db.selectFrom('calendar_feeds').select('created_at').where('user_id', '=', userId).executeTakeFirst(),
    db.selectFrom('dismissals').selectAll().where('user_id', '=', userId).execute(),
  ]);
  return {
    circles,
    circlesCreated,
    updates,
    forumTopics,
    discussions,
    replies,
    posts,
    reactions,
    eventsHosted,
    meetupsHosted,
    rsvps,
    reminders,
    feed,
    dismissals,
  };
}
