import type { PostTopic } from '@mer/contracts';
import type { FeedFilter } from './feed-filter.ts';

/** What /ws says about a post someone just published (community.post.created). */
export interface PostAnnouncement {
  postId: string;
  authorId?: string;
  topic?: PostTopic;
  visibility?: 'all' | 'connections';
}

/** Reads a realtime message's data; null when it is not a usable announcement. */
export function announcementFrom(data: Record<string, unknown>): PostAnnouncement | null {
  if (typeof data.postId !== 'string') return null;
  return {
    postId: data.postId,
    authorId: typeof data.authorId === 'string' ? data.authorId : undefined,
    topic: typeof data.topic === 'string' ? (data.topic as PostTopic) : undefined,
    visibility: data.visibility === 'connections' ? 'connections' : 'all',
  };
}

/**
 * Whether an announced post belongs in the "N new posts" pill of this view: not the member's own (their feed
 * already shows it), not one already on screen, and of the topic the view is narrowed to.
 */
export function countsAsNewPost(
  announcement: PostAnnouncement,
  context: { viewerId: string | undefined; filter: FeedFilter; shownPostIds: ReadonlySet<string> },
): boolean {
  if (announcement.authorId && announcement.authorId === context.viewerId) return false;
  if (context.shownPostIds.has(announcement.postId)) return false;
  if (context.filter.topic && announcement.topic !== context.filter.topic) return false;
  return true;
}

export function newPostsLabel(count: number): string {
  return count === 1 ? '1 new post' : `${count} new posts`;
}
