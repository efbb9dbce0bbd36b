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
  return targetType === 'member'
    ? ['dismiss', 'warn', 'suspend']
    : ['dismiss', 'hide', 'restore', 'delete', 'warn'];
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
