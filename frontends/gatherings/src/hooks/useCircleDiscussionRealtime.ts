import { useEffect, useRef, useState } from 'react';
import { MODERATION_PERMISSIONS } from '@mer/contracts';
import { hasAnyPermission, useSessionStore } from '@mer/api-client';
import { onRealtimeMessage } from '@mer/server-state';
import { cachedCircleDiscussion, refreshCircleForum, updateCachedCircleDiscussion } from '../api/circles.ts';

/**
 * The open circle discussion's live part (through the gateway's /ws, `circles.content.moderated`, told to the
 * circle's members): a reply an admin hid or deleted leaves the view at once, and a hidden or deleted discussion
 * turns the view into its removed state (`removed`). The author of a hidden item keeps it, marked hidden, as a reload
 * would show it; a moderator's view is fetched again, so the server says what they see. The circle's lists and topic
 * counts are fetched again after any change, and a restored discussion too.
 */
export function useCircleDiscussionRealtime(circleId: string, discussionId: string): { removed: boolean } {
  const [removed, setRemoved] = useState(false);
  const viewer = useSessionStore((s) => s.user);
  const latest = useRef(viewer);
  latest.current = viewer;

  useEffect(() => {
    setRemoved(false);
    const off = onRealtimeMessage('circles.content.moderated', ({ data }) => {
      if (data.circleId !== circleId) return;
      const { targetType, targetId, change } = data;
      if (data.discussionId !== discussionId || typeof targetId !== 'string')
        return refreshCircleForum(circleId);
      const isDiscussion = targetType === 'circle_discussion';
      if (change === 'restored') {
        if (isDiscussion) setRemoved(false);
        return refreshCircleForum(circleId, discussionId);
      }
      if (change !== 'hidden' && change !== 'deleted') return;
      const user = latest.current;
      if (hasAnyPermission(user, MODERATION_PERMISSIONS)) return refreshCircleForum(circleId, discussionId);
      const answer = cachedCircleDiscussion(circleId, discussionId);
      const authorId = isDiscussion
        ? answer?.discussion.author.userId
        : answer?.replies.find((r) => r.id === targetId)?.author.userId;
      const keepsItMarked = change === 'hidden' && authorId !== undefined && authorId === user?.id;
      if (isDiscussion) {
        if (keepsItMarked)
          updateCachedCircleDiscussion(circleId, discussionId, (a) => ({
            ...a,
            discussion: { ...a.discussion, hidden: true },
          }));
        else setRemoved(true);
      } else {
        updateCachedCircleDiscussion(circleId, discussionId, (a) => ({
          ...a,
          discussion: keepsItMarked
            ? a.discussion
            : { ...a.discussion, replyCount: Math.max(0, a.discussion.replyCount - 1) },
          replies: keepsItMarked
            ? a.replies.map((r) => (r.id === targetId ? { ...r, hidden: true } : r))
            : a.replies.filter((r) => r.id !== targetId),
        }));
      }
      // The lists and counts beside the open discussion follow on their next fetch.
      refreshCircleForum(circleId);
    });
    return off;
  }, [circleId, discussionId]);

  return { removed };
}
