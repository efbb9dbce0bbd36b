import { sql, type Insertable, type Updateable } from 'kysely';
import type { CircleMemberRow, CircleRow, CirclesTable, EventsCirclesDb } from './tables.ts';

/* Circles, their members (with requests and invitations), updates, forum, discussions, posts and reactions. */

export async function insertCircle(db: EventsCirclesDb, row: Insertable<CirclesTable>): Promise<CircleRow> {
  return db.insertInto('circles').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findCircle(db: EventsCirclesDb, id: string): Promise<CircleRow | undefined> {
  return db.selectFrom('circles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The circle row locked for the rest of the transaction (member counts and roles change under it). */
export async function lockCircle(db: EventsCirclesDb, id: string): Promise<CircleRow | undefined> {
  return db.selectFrom('circles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateCircle(
  db: EventsCirclesDb,
  id: string,
  changes: Updateable<CirclesTable>,
): Promise<CircleRow> {
  return db
    .updateTable('circles')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findCircles(
  db: EventsCirclesDb,
  ids: readonly string[],
): Promise<Map<string, CircleRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('circles')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export interface CircleListing {
  q?: string | undefined;
  category?: string | undefined;
  cityId?: string | undefined;
  view: 'all' | 'mine' | 'new' | 'popular';
  viewerId: string;
  after?: { key: string; id: string } | undefined;
  limit: number;
}

/** Approved circles (mine: any approval, where the viewer has a standing), in the view's order, keyset paged. */
export async function listCircles(db: EventsCirclesDb, l: CircleListing): Promise<CircleRow[]> {
  let query = db.selectFrom('circles').selectAll('circles');
  if (l.view === 'mine') {
    query = query
      .innerJoin('circle_members as cm', 'cm.circle_id', 'circles.id')
      .where('cm.user_id', '=', l.viewerId)
      .where('cm.status', '=', 'member');
  } else {
    query = query.where('circles.approval_status', '=', 'approved');
  }
  // A circle a moderator hid is listed only to its holder.
  query = query.where((eb) =>
    eb.or([eb('circles.hidden_at', 'is', null), eb('circles.holder_id', '=', l.viewerId)]),
  );
  if (l.q) query = query.where('circles.name', 'ilike', `%${l.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (l.category) query = query.where('circles.category', '=', l.category);
  if (l.cityId) query = query.where('circles.city_id', '=', l.cityId);
  if (l.view === 'popular') {
    if (l.after) {
      const count = Number(l.after.key);
      const id = l.after.id;
      query = query.where((eb) =>
        eb.or([
          eb('circles.member_count', '<', count),
          eb.and([eb('circles.member_count', '=', count), eb('circles.id', '>', id)]),
        ]),
      );
    }
    return query.orderBy('circles.member_count', 'desc').orderBy('circles.id').limit(l.limit).execute();
  }
  if (l.after) {
    const at = new Date(l.after.key);
    const id = l.after.id;
    query = query.where((eb) =>
      eb.or([
        eb('circles.created_at', '<', at),
        eb.and([eb('circles.created_at', '=', at), eb('circles.id', '>', id)]),
      ]),
    );
  }
  return query.orderBy('circles.created_at', 'desc').orderBy('circles.id').limit(l.limit).execute();
}

export async function pendingCircles(db: EventsCirclesDb): Promise<CircleRow[]> {
  return db
    .selectFrom('circles')
    .selectAll()
    .where('approval_status', '=', 'pending')
    .orderBy('created_at')
    .limit(200)
    .execute();
}

export async function findCircleMember(
  db: EventsCirclesDb,
  circleId: string,
  userId: string,
): Promise<CircleMemberRow | undefined> {
  return db
    .selectFrom('circle_members')
    .selectAll()
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The viewer's rows in these circles (for myStanding in lists). */
export async function standingsIn(
  db: EventsCirclesDb,
  userId: string,
  circleIds: readonly string[],
): Promise<Map<string, CircleMemberRow>> {
  if (circleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('circle_members')
    .selectAll()
    .where('user_id', '=', userId)
    .where('circle_id', 'in', [...new Set(circleIds)])
    .execute();
  return new Map(rows.map((r) => [r.circle_id, r]));
}

export async function upsertCircleMember(
  db: EventsCirclesDb,
  row: {
    circleId: string;
    userId: string;
    status: 'member' | 'requested' | 'invited';
    role?: 'holder' | 'moderator' | 'member';
    invitedBy?: string | null;
  },
): Promise<void> {
  const joined = row.status === 'member';
  await db
    .insertInto('circle_members')
    .values({
      circle_id: row.circleId,
      user_id: row.userId,
      status: row.status,
      role: row.role ?? 'member',
      invited_by: row.invitedBy ?? null,
      joined_at: joined ? sql<Date>`now()` : null,
    })
    .onConflict((oc) =>
      oc.columns(['circle_id', 'user_id']).doUpdateSet({
        status: row.status,
        role: row.role ?? 'member',
        invited_by: row.invitedBy ?? null,
        joined_at: joined ? sql<Date>`now()` : null,
      }),
    )
    .execute();
}

export async function setCircleRole(
  db: EventsCirclesDb,
  circleId: string,
  userId: string,
  role: 'holder' | 'moderator' | 'member',
): Promise<CircleMemberRow> {
  return db
    .updateTable('circle_members')
    .set({ role })
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCircleMember(
  db: EventsCirclesDb,
  circleId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('circle_members')
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .execute();
}

/** Sets member_count from the rows (called under the circle's lock). */
export async function refreshMemberCount(db: EventsCirclesDb, circleId: string): Promise<number> {
  const row = await db
    .updateTable('circles')
    .set((eb) => ({
      member_count: eb
        .selectFrom('circle_members')
        .select((e) => e.cast<number>(e.fn.countAll(), 'integer').as('n'))
        .where('circle_id', '=', circleId)
        .where('status', '=', 'member'),
    }))
    .where('id', '=', circleId)
    .returning('member_count')
    .executeTakeFirstOrThrow();
  return row.member_count;
}

export async function circleMembers(
  db: EventsCirclesDb,
  circleId: string,
  status: 'member' | 'requested' | 'invited',
): Promise<CircleMemberRow[]> {
  return db
    .selectFrom('circle_members')
    .selectAll()
    .where('circle_id', '=', circleId)
    .where('status', '=', status)
    .orderBy(sql`case role when 'holder' then 0 when 'moderator' then 1 else 2 end`)
    .orderBy('joined_at')
    .orderBy('created_at')
    .limit(1000)
    .execute();
}

export async function invitationsOf(db: EventsCirclesDb, userId: string): Promise<CircleMemberRow[]> {
  return db
    .selectFrom('circle_members')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'invited')
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * The circle's figures as the viewer sees them: posts and discussions a moderator hid count only for their author, or
 * for everyone when `includeHiddenOf` is null (reviewers), as the lists show them.
 */
export async function circleCounts(
  db: EventsCirclesDb,
  circleId: string,
  now: Date,
  includeHiddenOf: string | null,
): Promise<{ upcomingMeetups: number; upcomingEvents: number; postCount: number; discussionCount: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('meetups')
        .innerJoin('meetup_occurrences as o', 'o.meetup_id', 'meetups.id')
        .select((e) => e.fn.count<string>('meetups.id').distinct().as('n'))
        .where('meetups.circle_id', '=', circleId)
        .where('o.status', '=', 'scheduled')
        .where('o.starts_at', '>', now)
        .as('upcomingMeetups'),
      eb
        .selectFrom('events')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('circle_id', '=', circleId)
        .where('approval_status', '=', 'approved')
        .where('status', '=', 'scheduled')
        .where('starts_at', '>', now)
        .as('upcomingEvents'),
      eb
        .selectFrom('circle_posts')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('circle_id', '=', circleId)
        .$if(includeHiddenOf !== null, (q) =>
          q.where((e) => e.or([e('hidden_at', 'is', null), e('author_id', '=', includeHiddenOf!)])),
        )
        .as('postCount'),
      eb
        .selectFrom('circle_discussions')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('circle_id', '=', circleId)
        .$if(includeHiddenOf !== null, (q) =>
          q.where((e) => e.or([e('hidden_at', 'is', null), e('author_id', '=', includeHiddenOf!)])),
        )
        .as('discussionCount'),
    ])
    .executeTakeFirstOrThrow();
  return {
    upcomingMeetups: Number(row.upcomingMeetups ?? 0),
    upcomingEvents: Number(row.upcomingEvents ?? 0),
    postCount: Number(row.postCount ?? 0),
    discussionCount: Number(row.discussionCount ?? 0),
  };
}

// ---------------------------------------------------------------- circle content

export async function insertUpdate(
  db: EventsCirclesDb,
  row: {
    id: string;
    circleId: string;
    authorId: string;
    updateType: 'announcement' | 'update';
    title: string;
    body: string;
  },
) {
  return db
    .insertInto('circle_updates')
    .values({
      id: row.id,
      circle_id: row.circleId,
      author_id: row.authorId,
      update_type: row.updateType,
      title: row.title,
      body: row.body,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listUpdates(
  db: EventsCirclesDb,
  circleId: string,
  before: Date | undefined,
  limit: number,
) {
  let q = db.selectFrom('circle_updates').selectAll().where('circle_id', '=', circleId);
  if (before) q = q.where('created_at', '<', before);
  return q.orderBy('created_at', 'desc').limit(limit).execute();
}

export async function insertTopic(
  db: EventsCirclesDb,
  row: { id: string; circleId: string; title: string; description: string; createdBy: string },
) {
  return db
    .insertInto('forum_topics')
    .values({
      id: row.id,
      circle_id: row.circleId,
      title: row.title,
      description: row.description,
      created_by: row.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A circle's topics with their discussion counts as the viewer sees them: hidden discussions count only for their
 * author, or for everyone when `includeHiddenOf` is null (reviewers).
 */
export async function listTopics(db: EventsCirclesDb, circleId: string, includeHiddenOf: string | null) {
  return db
    .selectFrom('forum_topics')
    .selectAll('forum_topics')
    .select((eb) =>
      eb
        .selectFrom('circle_discussions')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('circle_discussions.topic_id', '=', 'forum_topics.id')
        .$if(includeHiddenOf !== null, (q) =>
          q.where((e) =>
            e.or([
              e('circle_discussions.hidden_at', 'is', null),
              e('circle_discussions.author_id', '=', includeHiddenOf!),
            ]),
          ),
        )
        .as('discussion_count'),
    )
    .where('circle_id', '=', circleId)
    .orderBy('created_at')
    .execute();
}

/** One topic with its discussion count as the viewer sees it (as listTopics). */
export async function findTopic(
  db: EventsCirclesDb,
  circleId: string,
  topicId: string,
  includeHiddenOf: string | null,
) {
  return db
    .selectFrom('forum_topics')
    .selectAll('forum_topics')
    .select((eb) =>
      eb
        .selectFrom('circle_discussions')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('circle_discussions.topic_id', '=', 'forum_topics.id')
        .$if(includeHiddenOf !== null, (q) =>
          q.where((e) =>
            e.or([
              e('circle_discussions.hidden_at', 'is', null),
              e('circle_discussions.author_id', '=', includeHiddenOf!),
            ]),
          ),
        )
        .as('discussion_count'),
    )
    .where('circle_id', '=', circleId)
    .where('id', '=', topicId)
    .executeTakeFirst();
}

export async function insertDiscussion(
  db: EventsCirclesDb,
  row: {
    id: string;
    circleId: string;
    topicId: string | null;
    authorId: string;
    title: string;
    body: string;
  },
) {
  return db
    .insertInto('circle_discussions')
    .values({
      id: row.id,
      circle_id: row.circleId,
      topic_id: row.topicId,
      author_id: row.authorId,
      title: row.title,
      body: row.body,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listDiscussions(
  db: EventsCirclesDb,
  circleId: string,
  /** Whose hidden discussions to include besides the visible ones (their author's); null: every one (reviewers). */
  viewerId: string | null,
  topicId?: string,
) {
  let q = db
    .selectFrom('circle_discussions')
    .selectAll('circle_discussions')
    // The reply count the viewer reads is of the replies they see: a hidden one counts only for its author and
    // reviewers, as listReplies shows it (the row's reply_count counts every reply).
    .select((eb) =>
      eb
        .selectFrom('circle_discussion_replies as r')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('r.discussion_id', '=', 'circle_discussions.id')
        .$if(viewerId !== null, (sub) =>
          sub.where((e) => e.or([e('r.hidden_at', 'is', null), e('r.author_id', '=', viewerId!)])),
        )
        .as('visible_reply_count'),
    )
    .where('circle_id', '=', circleId);
  if (topicId) q = q.where('topic_id', '=', topicId);
  if (viewerId !== null)
    q = q.where((eb) => eb.or([eb('hidden_at', 'is', null), eb('author_id', '=', viewerId)]));
  return q.orderBy('last_activity_at', 'desc').limit(200).execute();
}

export async function findDiscussion(db: EventsCirclesDb, circleId: string, discussionId: string) {
  return db
    .selectFrom('circle_discussions')
    .selectAll()
    .where('circle_id', '=', circleId)
    .where('id', '=', discussionId)
    .executeTakeFirst();
}

export async function insertReply(
  db: EventsCirclesDb,
  row: { id: string; discussionId: string; authorId: string; body: string },
) {
  const reply = await db
    .insertInto('circle_discussion_replies')
    .values({ id: row.id, discussion_id: row.discussionId, author_id: row.authorId, body: row.body })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('circle_discussions')
    .set({ reply_count: sql<number>`reply_count + 1`, last_activity_at: sql<Date>`now()` })
    .where('id', '=', row.discussionId)
    .execute();
  return reply;
}

export async function listReplies(
  db: EventsCirclesDb,
  discussionId: string,
  /** Whose hidden replies to include besides the visible ones (their author's); null: every one (reviewers). */
  viewerId: string | null,
) {
  let q = db.selectFrom('circle_discussion_replies').selectAll().where('discussion_id', '=', discussionId);
  if (viewerId !== null)
    q = q.where((eb) => eb.or([eb('hidden_at', 'is', null), eb('author_id', '=', viewerId)]));
  return q.orderBy('created_at').limit(1000).execute();
}

export async function insertPost(
  db: EventsCirclesDb,
  row: { id: string; circleId: string; authorId: string; content: string },
) {
  return db
    .insertInto('circle_posts')
    .values({ id: row.id, circle_id: row.circleId, author_id: row.authorId, content: row.content })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listPosts(
  db: EventsCirclesDb,
  circleId: string,
  before: Date | undefined,
  limit: number,
  /** Whose hidden posts to include besides the visible ones (their author's); null: every post (reviewers). */
  viewerId: string | null,
) {
  let q = db.selectFrom('circle_posts').selectAll().where('circle_id', '=', circleId);
  if (viewerId !== null)
    q = q.where((eb) => eb.or([eb('hidden_at', 'is', null), eb('author_id', '=', viewerId)]));
  if (before) q = q.where('created_at', '<', before);
  return q.orderBy('created_at', 'desc').limit(limit).execute();
}

export async function findPost(db: EventsCirclesDb, circleId: string, postId: string) {
  return db
    .selectFrom('circle_posts')
    .selectAll()
    .where('circle_id', '=', circleId)
    .where('id', '=', postId)
    .executeTakeFirst();
}

export async function deletePost(db: EventsCirclesDb, postId: string): Promise<void> {
  await db.deleteFrom('circle_posts').where('id', '=', postId).execute();
}

export async function setReaction(
  db: EventsCirclesDb,
  postId: string,
  userId: string,
  type: string | null,
): Promise<void> {
  if (type === null) {
    await db
      .deleteFrom('circle_post_reactions')
      .where('post_id', '=', postId)
      .where('user_id', '=', userId)
      .execute();
    return;
  }
  await db
    .insertInto('circle_post_reactions')
    .values({ post_id: postId, user_id: userId, type })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doUpdateSet({ type }))
    .execute();
}

/** Reaction counts by type and the viewer's own reaction, per post. */
export async function reactionsOf(db: EventsCirclesDb, postIds: readonly string[], viewerId: string) {
  const counts = new Map<string, Record<string, number>>();
  const mine = new Map<string, string>();
  if (postIds.length === 0) return { counts, mine };
  const rows = await db
    .selectFrom('circle_post_reactions')
    .select(['post_id', 'type', (eb) => eb.fn.countAll<string>().as('n')])
    .where('post_id', 'in', [...postIds])
    .groupBy(['post_id', 'type'])
    .execute();
  for (const r of rows) {
    const c = counts.get(r.post_id) ?? {};
    c[r.type] = Number(r.n);
    counts.set(r.post_id, c);
  }
  const own = await db
    .selectFrom('circle_post_reactions')
    .select(['post_id', 'type'])
    .where('post_id', 'in', [...postIds])
    .where('user_id', '=', viewerId)
    .execute();
  for (const r of own) mine.set(r.post_id, r.type);
  return { counts, mine };
}
