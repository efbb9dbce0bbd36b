import type { CommunityFeedDb } from './tables.ts';

/** Every row community-feed holds about one member, for "Download my data". */
export async function memberRows(db: CommunityFeedDb, userId: string) {
  const [posts, comments, reactions, photos, albums, taggedOn, discussions, discussionReplies, reports] =
    await Promise.all([
      db.selectFrom('posts').selectAll().where('author_id', '=', userId).orderBy('seq').execute(),
      db.selectFrom('comments').selectAll().where('author_id', '=', userId).orderBy('created_at').execute(),
      db.selectFrom('reactions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
      db.selectFrom('photos').selectAll().where('owner_id', '=', userId).orderBy('created_at').execute(),
      db.selectFrom('albums').selectAll().where('owner_id', '=', userId).orderBy('created_at').execute(),
      db.selectFrom('photo_tags').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
      db
        .selectFrom('discussions')
        .selectAll()
        .where('author_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('discussion_replies')
        .selectAll()
        .where('author_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db.selectFrom('reports').selectAll().where('reporter_id', '=', userId).orderBy('created_at').execute(),
    ]);
  return { posts, comments, reactions, photos, albums, taggedOn, discussions, discussionReplies, reports };
}
