import { sql, type Selectable } from 'kysely';
import type { CommunityFeedDb, PostRow, PostsTable, CommentRow } from './tables.ts';

/** The only SQL about posts, reactions and comments. A transaction is a CommunityFeedDb too. */

export interface FeedFilter {
  viewerId: string;
  topic?: string;
  /** Only posts of the viewer's connections ("From my connections"). */
  connectionsOnly: boolean;
  authorId?: string;
  sort: 'newest' | 'most-active';
  /** Keyset: posts after this one in the chosen order. */
  after?: { seq: string; activity?: number };
  /** Leave pinned posts out (the first page shows them above the list). */
  excludePinned: boolean;
  /** Only pinned posts. */
  pinnedOnly?: boolean;
  limit: number;
  /** most-active: only posts with activity since then. */
  activeSince: Date;
}

/**
 * One page of the feed as the viewer may see it, in one statement: not hidden pending review, visible to the
 * viewer (everyone's, or a connection's connections-only post, or their own), and not by a member the viewer
 * blocked or muted or who blocked the viewer. Keyset pagination on seq (newest) or (activity_count, seq).
 */
export async function feedPosts(db: CommunityFeedDb, f: FeedFilter): Promise<PostRow[]> {
  const v = f.viewerId;
  // Tables only through the query builder (here as subqueries inside the raw conditions): it applies the
  // service's schema, which raw SQL would miss on PGlite (the embedded topology has no search_path per service).
  const connectionsOf = db
    .selectFrom('connections')
    .select('other_id')
    .where('user_id', '=', v)
    .where('connected', '=', true);
  const filteredOut = db
    .selectFrom('member_filters')
    .select('other_id')
    .where('user_id', '=', v)
    .where('active', '=', true)
    .unionAll(
      db
        .selectFrom('member_filters')
        .select('user_id as other_id')
        .where('other_id', '=', v)
        .where('kind', '=', 'block')
        .where('active', '=', true),
    );
  const conditions = [
    sql`p.hidden_at is null`,
    sql`(p.visibility = 'all' or p.author_id = ${v} or p.author_id in (${connectionsOf}))`,
    sql`p.author_id not in (${filteredOut})`,
  ];
  if (f.topic) conditions.push(sql`p.topic = ${f.topic}`);
  if (f.authorId) conditions.push(sql`p.author_id = ${f.authorId}`);
  if (f.connectionsOnly) conditions.push(sql`p.author_id in (${connectionsOf})`);
  if (f.excludePinned) conditions.push(sql`not p.pinned`);
  if (f.pinnedOnly) conditions.push(sql`p.pinned`);
  let order;
  if (f.sort === 'newest') {
    if (f.after) conditions.push(sql`p.seq < ${f.after.seq}`);
    order = sql`p.seq desc`;
  } else {
    conditions.push(sql`p.last_activity_at >= ${f.activeSince}`);
    if (f.after) conditions.push(sql`(p.activity_count, p.seq) < (${f.after.activity ?? 0}, ${f.after.seq})`);
    order = sql`p.activity_count desc, p.seq desc`;
  }
  const rows = await db
    .selectFrom('posts as p')
    .selectAll('p')
    .where(sql<boolean>`${sql.join(conditions, sql` and `)}`)
    .orderBy(order)
    .limit(f.limit)
    .execute();
  return rows as PostRow[];
}

/** Pinned posts the viewer may see (the first page of the feed shows them first). */
export async function pinnedPosts(
  db: CommunityFeedDb,
  f: Pick<FeedFilter, 'viewerId' | 'topic'>,
): Promise<PostRow[]> {
  return feedPosts(db, {
    ...f,
    connectionsOnly: false,
    sort: 'newest',
    excludePinned: false,
    pinnedOnly: true,
    limit: 5,
    activeSince: new Date(0),
  });
}

export async function insertPost(
  db: CommunityFeedDb,
  p: {
    id: string;
    authorId: string;
    topic: string;
    visibility: 'all' | 'connections';
    content: string;
    mentionIds: string[];
  },
): Promise<PostRow> {
  return db
    .insertInto('posts')
    .values({
      id: p.id,
      author_id: p.authorId,
      topic: p.topic,
      visibility: p.visibility,
      content: p.content,
      mention_ids: p.mentionIds,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findPost(db: CommunityFeedDb, postId: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirst();
}

/** The post, locked until the transaction ends (edits, reactions and comments on one post run one at a time). */
export async function findPostForUpdate(db: CommunityFeedDb, postId: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('id', '=', postId).forUpdate().executeTakeFirst();
}

export async function updatePost(
  db: CommunityFeedDb,
  postId: string,
  changes: Partial<
    Pick<Selectable<PostsTable>, 'content' | 'topic' | 'visibility' | 'mention_ids' | 'pinned' | 'hidden_at'>
  > & {
    edited?: boolean;
  },
): Promise<PostRow> {
  const { edited, ...columns } = changes;
  return db
    .updateTable('posts')
    .set({ ...columns, ...(edited ? { edited_at: sql<Date>`now()` } : {}), updated_at: sql<Date>`now()` })
    .where('id', '=', postId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deletePost(db: CommunityFeedDb, postId: string): Promise<void> {
  await db.deleteFrom('posts').where('id', '=', postId).execute();
}

export async function postsOfAuthor(db: CommunityFeedDb, authorId: string): Promise<{ id: string }[]> {
  return db.selectFrom('posts').select('id').where('author_id', '=', authorId).execute();
}

// Reactions. The post row is locked first (findPostForUpdate), so counts move by exactly one per change.

export async function findReaction(
  db: CommunityFeedDb,
  postId: string,
  userId: string,
): Promise<{ type: string } | undefined> {
  return db
    .selectFrom('reactions')
    .select('type')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertReaction(
  db: CommunityFeedDb,
  postId: string,
  userId: string,
  type: string,
): Promise<void> {
  await db
    .insertInto('reactions')
    .values({ post_id: postId, user_id: userId, type })
    .onConflict((oc) =>
      oc.columns(['post_id', 'user_id']).doUpdateSet({ type, created_at: sql<Date>`now()` }),
    )
    .execute();
}

export async function deleteReaction(db: CommunityFeedDb, postId: string, userId: string): Promise<void> {
  await db.deleteFrom('reactions').where('post_id', '=', postId).where('user_id', '=', userId).execute();
}

type CountName = 'like_count' | 'love_count' | 'namaste_count' | 'insightful_count' | 'support_count';

/** Moves the post's counters: one reaction type up or down, activity up when something was added. */
export async function bumpPostCounts(
  db: CommunityFeedDb,
  postId: string,
  change: { up?: CountName; down?: CountName; comments?: number; activity?: number },
): Promise<PostRow> {
  const set: Record<string, unknown> = {};
  if (change.up) set[change.up] = sql`${sql.ref(change.up)} + 1`;
  if (change.down) set[change.down] = sql`${sql.ref(change.down)} - 1`;
  if (change.comments) set.comment_count = sql`comment_count + ${change.comments}`;
  if (change.activity) {
    set.activity_count = sql`activity_count + ${change.activity}`;
    set.last_activity_at = sql`now()`;
  }
  return db.updateTable('posts').set(set).where('id', '=', postId).returningAll().executeTakeFirstOrThrow();
}

export async function reactionsOf(
  db: CommunityFeedDb,
  postId: string,
  type: string | undefined,
): Promise<{ user_id: string; type: string; created_at: Date }[]> {
  let q = db
    .selectFrom('reactions')
    .select(['user_id', 'type', 'created_at'])
    .where('post_id', '=', postId)
    .orderBy('created_at', 'desc')
    .limit(500);
  if (type) q = q.where('type', '=', type);
  return q.execute();
}

export async function myReactions(
  db: CommunityFeedDb,
  userId: string,
  postIds: readonly string[],
): Promise<Map<string, string>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reactions')
    .select(['post_id', 'type'])
    .where('user_id', '=', userId)
    .where('post_id', 'in', [...postIds])
    .execute();
  return new Map(rows.map((r) => [r.post_id, r.type]));
}

/** Posts the member reacted to (erasure recounts them). */
export async function postsReactedBy(db: CommunityFeedDb, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('reactions').select('post_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.post_id);
}

/**
 * Recounts posts' reactions and comments from the rows (after rows of an erased member went). Written with the query
 * builder, not raw SQL, so the table names get the service's schema in the embedded topology too.
 */
export async function recountPosts(db: CommunityFeedDb, postIds: readonly string[]): Promise<void> {
  if (postIds.length === 0) return;
  await db
    .updateTable('posts')
    .set((eb) => {
      const reactionsOf = (type: string) =>
        eb
          .selectFrom('reactions')
          .select((r) => r.fn.countAll<number>().as('n'))
          .whereRef('reactions.post_id', '=', 'posts.id')
          .where('reactions.type', '=', type);
      return {
        like_count: reactionsOf('like'),
        love_count: reactionsOf('love'),
        namaste_count: reactionsOf('namaste'),
        insightful_count: reactionsOf('insightful'),
        support_count: reactionsOf('support'),
        comment_count: eb
          .selectFrom('comments')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('comments.post_id', '=', 'posts.id'),
      };
    })
    .where('id', 'in', [...postIds])
    .execute();
}

// Comments.

export async function insertComment(
  db: CommunityFeedDb,
  c: {
    id: string;
    postId: string;
    parentId: string | null;
    authorId: string;
    content: string;
    mentionIds: string[];
  },
): Promise<CommentRow> {
  return db
    .insertInto('comments')
    .values({
      id: c.id,
      post_id: c.postId,
      parent_id: c.parentId,
      author_id: c.authorId,
      content: c.content,
      mention_ids: c.mentionIds,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findComment(db: CommunityFeedDb, commentId: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', commentId).executeTakeFirst();
}

export async function updateComment(
  db: CommunityFeedDb,
  commentId: string,
  changes: { content?: string; mentionIds?: string[]; edited?: boolean; hidden?: boolean },
): Promise<CommentRow> {
  return db
    .updateTable('comments')
    .set({
      ...(changes.content !== undefined ? { content: changes.content } : {}),
      ...(changes.mentionIds ? { mention_ids: changes.mentionIds } : {}),
      ...(changes.edited ? { edited_at: sql<Date>`now()` } : {}),
      ...(changes.hidden ? { hidden_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', commentId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An admin hides a comment (a time) or restores it (null). */
export async function setCommentHiddenAt(
  db: CommunityFeedDb,
  commentId: string,
  at: Date | null,
): Promise<void> {
  await db.updateTable('comments').set({ hidden_at: at }).where('id', '=', commentId).execute();
}

/** Deletes the comment and its replies; returns how many rows went. */
export async function deleteComment(db: CommunityFeedDb, commentId: string): Promise<number> {
  const rows = await db
    .deleteFrom('comments')
    .where((eb) => eb.or([eb('id', '=', commentId), eb('parent_id', '=', commentId)]))
    .returning('id')
    .execute();
  return rows.length;
}

export async function commentsOfPost(db: CommunityFeedDb, postId: string): Promise<CommentRow[]> {
  return db
    .selectFrom('comments')
    .selectAll()
    .where('post_id', '=', postId)
    .where('hidden_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1000)
    .execute();
}

/** Erasure: the member's comments (with their replies) go; returns the posts they were on. */
export async function deleteCommentsOf(db: CommunityFeedDb, authorId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('comments')
    .where('author_id', '=', authorId)
    .returning('post_id')
    .execute();
  return [...new Set(rows.map((r) => r.post_id))];
}

export async function deleteReactionsOf(db: CommunityFeedDb, userId: string): Promise<void> {
  await db.deleteFrom('reactions').where('user_id', '=', userId).execute();
}
