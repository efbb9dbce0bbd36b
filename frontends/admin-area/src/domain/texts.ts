import type { ModerationAction } from '../api/admin.ts';

/** The spec's admin tool toasts (spec 001 section 8) and the admin area's own words. */
export const TEXTS = {
  sessionsEnded: 'Sessions Ended',
  sessionsFailed: 'Failed to end sessions. Please try again.',
  emailRequired: 'Email Required',
  enterEmail: 'Please enter a user email address',
  syncFailed: 'Sync Failed',
  cleanupComplete: 'Cleanup Complete',
  cleanupFailed: 'Cleanup Failed',
} as const;

/** What each moderation action is called on its button, and what its confirmation asks. */
export const ACTION_LABEL: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  restore: 'Restore',
  delete: 'Delete',
  warn: 'Warn',
  suspend: 'Suspend',
};

/** Actions that change what members see or can do ask first. */
export const NEEDS_CONFIRMATION: ReadonlySet<ModerationAction> = new Set(['hide', 'delete', 'suspend']);

export function actionsFor(targetType: string): ModerationAction[] {
  if (targetType === 'member') return ['dismiss', 'warn', 'suspend'];
  // A hidden or deleted message is removed (its text goes): there is nothing to restore.
  if (targetType === 'message') return ['dismiss', 'delete', 'warn'];
  return ['dismiss', 'hide', 'restore', 'delete', 'warn'];
}

const TARGET_LABEL: Record<string, string> = {
  circle_post: 'circle post',
  discussion_reply: 'discussion reply',
  circle_discussion: 'circle discussion',
  circle_discussion_reply: 'circle discussion reply',
};

/** What a reported item is, in words ('circle_post' is a circle post). */
export function targetLabel(targetType: string): string {
  return TARGET_LABEL[targetType] ?? targetType;
}

/** Where a reported item lives, for the queue's "from" line. */
export function sourceLabel(service: string): string {
  switch (service) {
    case 'community-feed':
      return 'Community feed';
    case 'events-circles':
      return 'Circles & events';
    case 'messaging':
      return 'Messages';
    case 'identity':
      return 'Member profile';
    default:
      return service;
  }
}

export function decidedToast(action: ModerationAction): string {
  switch (action) {
    case 'dismiss':
      return 'Report dismissed';
    case 'hide':
      return 'Content hidden';
    case 'restore':
      return 'Content restored';
    case 'delete':
      return 'Content deleted';
    case 'warn':
      return 'Member warned';
    case 'suspend':
      return 'Member suspended';
  }
}
