import { MEMBER_DATA_EXPORT_VERSION, type CommunityFeedDataExport } from '@mer/contracts';
import { memberRows } from '../db/member-export.repository.ts';
import type { CommunityFeedDeps } from '../deps.ts';
import { photoUrl } from './present.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** community-feed's part of "Download my data": what the member wrote, uploaded, reacted and reported. */
export async function exportMemberData(
  deps: Pick<CommunityFeedDeps, 'db'>,
  userId: string,
): Promise<CommunityFeedDataExport> {
  const r = await memberRows(deps.db, userId);
  return {
    service: 'community-feed',
    exportedAt: new Date().toISOString(),
    version: MEMBER_DATA_EXPORT_VERSION,
    data: {
      posts: r.posts.map((p) => ({
        id: p.id,
        topic: p.topic,
        visibility: p.visibility,
        content: p.content,
        pinned: p.pinned,
        hidden: p.hidden_at !== null,
        createdAt: p.created_at.toISOString(),
        editedAt: iso(p.edited_at),
      })),
      comments: r.comments.map((c) => ({
        id: c.id,
        postId: c.post_id,
        parentId: c.parent_id,
        content: c.content,
        createdAt: c.created_at.toISOString(),
        editedAt: iso(c.edited_at),
      })),
      reactions: r.reactions.map((x) => ({
        postId: x.post_id,
        type: x.type,
        createdAt: x.created_at.toISOString(),
      })),
      photos: r.photos.map((p) => ({
        id: p.id,
        imageUrl: photoUrl(p.storage_key),
        postId: p.post_id,
        albumId: p.album_id,
        caption: p.caption,
        createdAt: p.created_at.toISOString(),
      })),
      albums: r.albums.map((a) => ({
        id: a.id,
        title: a.title,
        description: a.description,
        createdAt: a.created_at.toISOString(),
      })),
      taggedOn: r.taggedOn.map((t) => ({
        photoId: t.photo_id,
        taggedBy: t.tagged_by,
        createdAt: t.created_at.toISOString(),
      })),
      discussions: r.discussions.map((d) => ({
        id: d.id,
        title: d.title,
        body: d.body,
        topic: d.topic,
        createdAt: d.created_at.toISOString(),
      })),
      discussionReplies: r.discussionReplies.map((d) => ({
        id: d.id,
        discussionId: d.discussion_id,
        body: d.body,
        createdAt: d.created_at.toISOString(),
      })),
      reports: r.reports.map((x) => ({
        targetType: x.target_type,
        targetId: x.target_id,
        reason: x.reason,
        createdAt: x.created_at.toISOString(),
      })),
    },
  };
}
