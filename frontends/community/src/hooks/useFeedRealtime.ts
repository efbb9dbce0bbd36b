import { useEffect, useRef, useState } from 'react';
import type { ReactionCounts } from '@mer/contracts';
import { onRealtimeMessage } from '@mer/server-state';
import { removeCachedPost, updateCachedPost } from '../api/feed.ts';
import { announcementFrom, countsAsNewPost } from '../domain/new-posts.ts';
import type { FeedFilter } from '../domain/feed-filter.ts';

/** Spec 001 section 9: realtime refresh debounce 300 ms. */
export const REALTIME_DEBOUNCE_MS = 300;

/** Calls `flush` with what arrived, once no message came for the debounce time. */
function debounced<T>(flush: (items: T[]) => void) {
  let items: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(item: T) {
      items.push(item);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const batch = items;
        items = [];
        flush(batch);
      }, REALTIME_DEBOUNCE_MS);
    },
    cancel: () => clearTimeout(timer),
  };
}

/**
 * The feed's live part (through the gateway's /ws): posts others publish are counted for the "N new posts" pill
 * (the list itself never moves under the reader), reaction counts on posts are updated in place, and a post that
 * was hidden or deleted by moderation disappears.
 */
export function useFeedRealtime(context: {
  viewerId: string | undefined;
  filter: FeedFilter;
  shownPostIds: ReadonlySet<string>;
}) {
  const [newPostIds, setNewPostIds] = useState<ReadonlySet<string>>(new Set());
  const latest = useRef(context);
  latest.current = context;

  useEffect(() => {
    const posts = debounced<Record<string, unknown>>((batch) => {
      const { viewerId, filter, shownPostIds } = latest.current;
      const fresh = batch
        .map(announcementFrom)
        .filter((a) => a !== null && countsAsNewPost(a, { viewerId, filter, shownPostIds }))
        .map((a) => a!.postId);
      if (fresh.length > 0) setNewPostIds((current) => new Set([...current, ...fresh]));
    });
    const reactions = debounced<Record<string, unknown>>((batch) => {
      // The last message of a post carries its current counts; the member's own reaction stays as it is.
      const byPost = new Map<string, ReactionCounts>();
      for (const data of batch)
        if (typeof data.postId === 'string' && data.reactionCounts && typeof data.reactionCounts === 'object')
          byPost.set(data.postId, data.reactionCounts as ReactionCounts);
      for (const [postId, reactionCounts] of byPost)
        updateCachedPost(postId, (post) => ({ ...post, reactionCounts }));
    });
    // A post hidden (3 reports, or an admin) or deleted by an admin leaves every open feed at once.
    const dropPost = (data: Record<string, unknown>) => {
      if (data.targetType !== 'post' || typeof data.targetId !== 'string') return;
      if (data.change === 'restored') return;
      removeCachedPost(data.targetId);
    };
    const offHidden = onRealtimeMessage('community.content.hidden', (m) => dropPost(m.data));
    const offModerated = onRealtimeMessage('community.content.moderated', (m) => dropPost(m.data));
    const offPosts = onRealtimeMessage('community.post.created', (m) => posts.push(m.data));
    const offReactions = onRealtimeMessage('community.reactions.changed', (m) => reactions.push(m.data));
    return () => {
      offHidden();
      offModerated();
      offPosts();
      offReactions();
      posts.cancel();
      reactions.cancel();
    };
  }, []);

  return { newPostIds, clearNewPosts: () => setNewPostIds(new Set()) };
}
