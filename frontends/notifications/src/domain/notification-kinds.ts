import type { Notification, NotificationType } from '@mer/contracts';

/**
 * The drawer's groups (spec 001 section 2), in the order it shows them. A connection acceptance belongs with the
 * requests: both are about who is connecting with the member (the spec names no group for it).
 */
export const DRAWER_GROUPS = ['Connection Requests', 'Messages', 'Photo Tags', 'Other'] as const;
export type DrawerGroup = (typeof DRAWER_GROUPS)[number];

export function drawerGroupOf(type: NotificationType): DrawerGroup {
  switch (type) {
    case 'connection_request':
    case 'connection_accepted':
      return 'Connection Requests';
    case 'message':
      return 'Messages';
    case 'photo_tag':
      return 'Photo Tags';
    default:
      return 'Other';
  }
}

/** The drawer's sections: each group with its items (newest first, as listed), empty groups left out. */
export function groupForDrawer<N extends Pick<Notification, 'type'>>(
  notifications: readonly N[],
): Array<{ group: DrawerGroup; items: N[] }> {
  return DRAWER_GROUPS.map((group) => ({
    group,
    items: notifications.filter((n) => drawerGroupOf(n.type) === group),
  })).filter((section) => section.items.length > 0);
}

/**
 * The /notifications filters: every type a member can tell apart. aggregated_reaction is shown as post_reaction
 * (spec 001 section 3), and the service's post_reaction filter includes it.
 */
export const TYPE_FILTERS: ReadonlyArray<{ type: NotificationType | null; label: string }> = [
  { type: null, label: 'All' },
  { type: 'connection_request', label: 'Connection requests' },
  { type: 'connection_accepted', label: 'Accepted requests' },
  { type: 'message', label: 'Messages' },
  { type: 'mention', label: 'Mentions' },
  { type: 'post_reaction', label: 'Reactions' },
  { type: 'post_comment', label: 'Comments' },
  { type: 'photo_tag', label: 'Photo tags' },
  { type: 'circle_invitation', label: 'Circle invitations' },
  { type: 'circle_update', label: 'Circle updates' },
  { type: 'event_reminder', label: 'Event reminders' },
  { type: 'event', label: 'Events' },
  { type: 'system', label: 'System' },
];

/** Spec 001 section 9: priority 3 or more Urgent, 2 Important, else Normal. */
export function priorityLabel(priority: number): 'Urgent' | 'Important' | 'Normal' {
  if (priority >= 3) return 'Urgent';
  if (priority === 2) return 'Important';
  return 'Normal';
}

/**
 * Where a click on a notification goes: the service's action_url, which it sets by the spec's table of click
 * targets (spec 001 section 2). Only a path on MER itself is followed; an absolute link (e-mails carry the
 * production host) is followed to the same page here, and anything else goes to /notifications.
 */
export function clickTarget(actionUrl: string | null | undefined): string {
  if (!actionUrl) return '/notifications';
  if (actionUrl.startsWith('/') && !actionUrl.startsWith('//')) return actionUrl;
  try {
    const url = new URL(actionUrl);
    if (url.protocol === 'https:' || url.protocol === 'http:')
      return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    // not a URL: fall through
  }
  return '/notifications';
}
