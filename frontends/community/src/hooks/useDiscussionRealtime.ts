import { useEffect, useRef, useState } from 'react';
import { MODERATION_PERMISSIONS } from '@mer/contracts';
import { hasAnyPermission, useSessionStore } from '@mer/api-client';
import { onRealtimeMessage } from '@mer/server-state';
import { cachedDiscussion, refreshDiscussion, updateCachedDiscussion } from '../api/discussions.ts';

/**
 * The open discussion's live part (through the gateway's /ws, as the feed drops posts): a reply hidden (3 reports
 * or an admin) or deleted by an admin leaves the page at once, and a hidden or deleted discussion turns the page into
 * its not-found state (`removed`). The author of a hidden item keeps it, marked hidden, as a reload would show it;
 * a moderator's page is fetched again, so the server says what they see (marked, or gone when deleted). A restored
 * discussion is fetched again; a restored reply shows on the next fetch, as in the feed.
 */
export function useDiscussionRealtime(discussionId: string): { removed: boolean } {
  const [removed, setRemoved] = useState(false);
  const viewer = useSessionStore((s) => s.user);
  const latest = useRef(viewer);
  latest.current = viewer;

  useEffect(() => {
    setRemoved(false);
    const changed = (data: Record<string, unknown>, change: unknown) => {
      const { targetType, targetId } = data;
      if (typeof targetId !== 'string') return;
      const isDiscussion = targetType === 'discussion' && targetId === discussionId;
      const answer = cachedDiscussion(discussionId);
      const reply =
        targetType === 'discussion_reply' ? answer?.replies.find((r) => r.id === targetId) : undefined;
      if (!isDiscussion && !reply) return;
      if (change === 'restored') {
        if (isDiscussion) {
          setRemoved(false);
          void refreshDiscussion(discussionId);
        }
        return;
      }
      if (change !== 'hidden' && change !== 'deleted') return;
      const user = latest.current;
      if (hasAnyPermission(user, MODERATION_PERMISSIONS)) return void refreshDiscussion(discussionId);
      const authorId = isDiscussion ? answer?.discussion.author.userId : reply!.author.userId;
      const keepsItMarked = change === 'hidden' && authorId !== undefined && authorId === user?.id;
      if (isDiscussion) {
        if (!keepsItMarked) return setRemoved(true);
        updateCachedDiscussion(discussionId, (a) => ({
          ...a,
          discussion: { ...a.discussion, hidden: true },
        }));
        return;
      }
      updateCachedDiscussion(discussionId, (a) => ({
        ...a,
        replies: keepsItMarked
          ? a.replies.map((r) => (r.id === targetId ? { ...r, hidden: true } : r))
          : a.replies.filter((r) => r.id !== targetId),
      }));
    };
    const offHidden = onRealtimeMessage('community.content.hidden', (m) => changed(m.data, 'hidden'));
    const offModerated = onRealtimeMessage('community.content.moderated', (m) =>
      changed(m.data, m.data.change),
    );
    return () => {
      offHidden();
      offModerated();
    };
  }, [discussionId]);

  return { removed };
}
