import type { ModerationAction } from '@mer/contracts';

import type { ModerationTargetType as Target } from '../db/tables.ts';

const NOUN: Record<Target, string> = {
  post: 'post',
  comment: 'comment',
  photo: 'photo',
  member: 'member',
  circle: 'circle',
  event: 'event',
  circle_post: 'circle post',
  message: 'message',
  discussion: 'discussion',
  discussion_reply: 'reply',
  circle_discussion: 'discussion',
  circle_discussion_reply: 'reply',
};

/** Which actions fit which target: content is hidden, restored or deleted; a member is warned or suspended. */
export function actionFits(action: ModerationAction, target: Target): boolean {
  if (target === 'member') return action === 'dismiss' || action === 'warn' || action === 'suspend';
  // A message a moderator hides or deletes is removed (its text goes, as when its sender deletes it): nothing to restore.
  if (target === 'message') return action !== 'restore';
  return true;
}

/** What each reporter is told of the decision, in plain words. */
export function reporterMessage(action: ModerationAction, target: Target): string {
  const thing = `the ${NOUN[target]} you reported`;
  switch (action) {
    case 'dismiss':
      return `Thank you for your report. We reviewed ${thing} and found that it does not break our community guidelines.`;
    case 'restore':
      return `Thank you for your report. We reviewed ${thing} and it is visible again: it does not break our community guidelines.`;
    case 'hide':
      return `Thank you for your report. We reviewed ${thing} and hid it from the community.`;
    case 'delete':
      return `Thank you for your report. We reviewed ${thing} and removed it.`;
    case 'warn':
      return `Thank you for your report. We reviewed ${thing} and warned the member.`;
    case 'suspend':
      return `Thank you for your report. We reviewed ${thing} and suspended the member.`;
  }
}

/** What the author is told; dismissals and restorations are not news to them beyond the item showing again. */
export function authorMessage(action: ModerationAction, target: Target, note: string | null): string | null {
  const why = note ? ` Reason: ${note}` : '';
  switch (action) {
    case 'dismiss':
      return null;
    case 'restore':
      return `Your ${NOUN[target]} was reviewed and is visible again.`;
    case 'hide':
      return `Your ${NOUN[target]} was hidden by a moderator because it breaks our community guidelines.${why}`;
    case 'delete':
      return `Your ${NOUN[target]} was removed by a moderator because it breaks our community guidelines.${why}`;
    case 'warn':
      return `A moderator warned you about content that breaks our community guidelines.${why}`;
    case 'suspend':
      return `Your account was suspended by a moderator.${why}`;
  }
}
