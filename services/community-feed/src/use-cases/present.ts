import type { Comment, FeedMember, FeedPhoto, MemberPhoto, Post, ReactionType } from '@mer/contracts';
import { findMembers } from '../db/members.repository.ts';
import { myReactions } from '../db/posts.repository.ts';
import { photosOfPosts, tagsOfPhotos } from '../db/photos.repository.ts';
import type { CommentRow, CommunityFeedDb, MemberRow, PhotoRow, PostRow } from '../db/tables.ts';
import { reactionCounts } from '../domain/feed-rules.ts';

/** Rows as the API shows them: authors from the members copy, photos, the viewer's reaction. */

export const PHOTO_FILES_PATH = '/api/v1/community-feed/photo-files/';
export const photoUrl = (storageKey: string) => `${PHOTO_FILES_PATH}${storageKey}`;

/** A member the copy does not know yet (their profile event is still on its way). */
const unknownMember = (userId: string): FeedMember => ({
  userId,
  name: 'Member',
  username: '',
  imageUrl: null,
});

export function toMember(userId: string, members: Map<string, MemberRow>): FeedMember {
  const m = members.get(userId);
  return m ? { userId, name: m.name, username: m.username, imageUrl: m.image_url } : unknownMember(userId);
}

export const toPhoto = (p: PhotoRow): FeedPhoto => ({
  photoId: p.id,
  imageUrl: photoUrl(p.storage_key),
  width: p.width,
  height: p.height,
});

export async function presentPosts(
  db: CommunityFeedDb,
  viewerId: string,
  rows: readonly PostRow[],
): Promise<Post[]> {
  const ids = rows.map((r) => r.id);
  const [members, photos, mine] = await Promise.all([
    findMembers(
      db,
      rows.map((r) => r.author_id),
    ),
    photosOfPosts(db, ids),
    myReactions(db, viewerId, ids),
  ]);
  const photosByPost = new Map<string, FeedPhoto[]>();
  for (const p of photos) {
    const list = photosByPost.get(p.post_id!) ?? [];
    list.push(toPhoto(p));
    photosByPost.set(p.post_id!, list);
  }
  return rows.map((r) => ({
    id: r.id,
    author: toMember(r.author_id, members),
    topic: r.topic as Post['topic'],
    visibility: r.visibility,
    content: r.content,
    photos: photosByPost.get(r.id) ?? [],
    reactionCounts: reactionCounts(r),
    myReaction: (mine.get(r.id) as ReactionType | undefined) ?? null,
    commentCount: r.comment_count,
    pinned: r.pinned,
    edited: r.edited_at !== null,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
}

export async function presentComments(db: CommunityFeedDb, rows: readonly CommentRow[]): Promise<Comment[]> {
  const members = await findMembers(db, [
    ...rows.map((r) => r.author_id),
    ...rows.flatMap((r) => r.mention_ids),
  ]);
  return rows.map((r) => ({
    id: r.id,
    postId: r.post_id,
    parentId: r.parent_id,
    author: toMember(r.author_id, members),
    content: r.content,
    mentions: r.mention_ids.map((id) => toMember(id, members)),
    edited: r.edited_at !== null,
    createdAt: r.created_at.toISOString(),
  }));
}

export async function presentPhotos(db: CommunityFeedDb, rows: readonly PhotoRow[]): Promise<MemberPhoto[]> {
  const tags = await tagsOfPhotos(
    db,
    rows.map((r) => r.id),
  );
  const members = await findMembers(db, [...rows.map((r) => r.owner_id), ...tags.map((t) => t.user_id)]);
  return rows.map((r) => ({
    ...toPhoto(r),
    owner: toMember(r.owner_id, members),
    albumId: r.album_id,
    caption: r.caption,
    tags: tags
      .filter((t) => t.photo_id === r.id)
      .map((t) => ({
        member: toMember(t.user_id, members),
        taggedBy: t.tagged_by,
        taggedAt: t.created_at.toISOString(),
      })),
    createdAt: r.created_at.toISOString(),
  }));
}
