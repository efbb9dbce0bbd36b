import type { NotificationType } from '@mer/contracts';

/** Spec 001 section 3: the twelve notification preferences, all on unless the member turned one off. */
export type NotificationPreferenceKey =
  | 'push_notifications'
  | 'email_notifications'
  | 'connection_requests'
  | 'messages'
  | 'mentions'
  | 'post_reactions'
  | 'post_comments'
  | 'circle_invitations'
  | 'circle_updates'
  | 'event_reminders'
  | 'event_updates'
  | 'system_notifications';

export type NotificationPreferences = Record<NotificationPreferenceKey, boolean>;

export const PREFERENCE_KEYS: readonly NotificationPreferenceKey[] = [
  'push_notifications',
  'email_notifications',
  'connection_requests',
  'messages',
  'mentions',
  'post_reactions',
  'post_comments',
  'circle_invitations',
  'circle_updates',
  'event_reminders',
  'event_updates',
  'system_notifications',
];

/** The stored copy over the defaults (every preference true), keeping only known boolean keys. */
export function effectivePreferences(
  stored: Record<string, unknown> | null | undefined,
): NotificationPreferences {
  const out = Object.fromEntries(PREFERENCE_KEYS.map((k) => [k, true])) as NotificationPreferences;
  if (stored) for (const key of PREFERENCE_KEYS) if (typeof stored[key] === 'boolean') out[key] = stored[key];
  return out;
}

/**
 * The preference that allows a type. The spec has no photo-tag preference: being tagged is being named in
 * someone's content, so mentions decides it.
 */
export const PREFERENCE_OF_TYPE: Record<NotificationType, NotificationPreferenceKey> = {
  connection_request: 'connection_requests',
  connection_accepted: 'connection_requests',
  message: 'messages',
  mention: 'mentions',
  post_reaction: 'post_reactions',
  aggregated_reaction: 'post_reactions',
  post_comment: 'post_comments',
  photo_tag: 'mentions',
  circle_invitation: 'circle_invitations',
  circle_update: 'circle_updates',
  event_reminder: 'event_reminders',
  event: 'event_updates',
  system: 'system_notifications',
};

/** Spec 001 section 5: a notification only when the recipient's preferences allow its type. */
export function allowsNotification(prefs: NotificationPreferences, type: NotificationType): boolean {
  return prefs[PREFERENCE_OF_TYPE[type]];
}

/**
 * Spec 001 section 5: an e-mail only when email_notifications is on, the type's own preference is on, and the
 * type is not a connection request or acceptance (those go through the connection-request batch processor).
 */
export function allowsNotificationEmail(prefs: NotificationPreferences, type: NotificationType): boolean {
  if (type === 'connection_request' || type === 'connection_accepted') return false;
  return prefs.email_notifications && prefs[PREFERENCE_OF_TYPE[type]];
}

/** Issue 18: pushes for messages, mentions, connection requests and event reminders, when the member allows them. */
const PUSHED_TYPES = new Set<NotificationType>([
  'message',
  'mention',
  'connection_request',
  'event_reminder',
]);
export function allowsPush(prefs: NotificationPreferences, type: NotificationType): boolean {
  return PUSHED_TYPES.has(type) && prefs.push_notifications && prefs[PREFERENCE_OF_TYPE[type]];
}

/**
 * The notification's own priority (1 by default; labels: 3 or more Urgent, 2 Important, else Normal). MER's
 * choice where the spec is silent: an event reminder is time-bound (3); what a person sent you directly, a
 * request, a mention or a circle announcement is 2; the rest 1.
 */
export function notificationPriority(
  type: NotificationType,
  metadata: { update_type?: unknown } = {},
): number {
  if (type === 'event_reminder') return 3;
  if (type === 'message' || type === 'connection_request' || type === 'mention') return 2;
  if (type === 'circle_update' && metadata.update_type === 'announcement') return 2;
  return 1;
}

export function priorityLabel(priority: number): 'Urgent' | 'Important' | 'Normal' {
  if (priority >= 3) return 'Urgent';
  if (priority === 2) return 'Important';
  return 'Normal';
}

export interface ClickTargetFacts {
  senderUserId?: string | null | undefined;
  metadata: Record<string, unknown>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** Spec 001 section 2's click-target table: where clicking a notification goes (a path on MER's own site). */
export function actionUrlFor(type: NotificationType, facts: ClickTargetFacts): string {
  const m = facts.metadata;
  switch (type) {
    case 'connection_request':
      return '/connections?tab=requests';
    case 'connection_accepted':
      return facts.senderUserId ? `/profile/${facts.senderUserId}` : '/connections?tab=connections';
    case 'message':
      return str(m.conversation_id) ? `/messages/${str(m.conversation_id)}` : '/messages';
    case 'mention':
    case 'post_reaction':
    case 'aggregated_reaction':
    case 'post_comment': {
      const postId = str(m.post_id);
      if (!postId) return str(m.discussion_id) ? `/discussions/${str(m.discussion_id)}` : '/notifications';
      if (m.post_type === 'circle' && str(m.circle_id)) return `/circles/${str(m.circle_id)}/forum/${postId}`;
      return `/community/post/${postId}`;
    }
    case 'photo_tag':
      return str(m.photo_id) ? `/my-profile?tab=photos&photo=${str(m.photo_id)}` : '/photos';
    case 'circle_invitation':
    case 'circle_update':
      return str(m.circle_id) ? `/circles/${str(m.circle_id)}` : '/circles';
    case 'event_reminder':
    case 'event':
      // A meetup occurrence has no event page: it lives on its circle's page.
      if (str(m.event_id)) return `/events/${str(m.event_id)}`;
      return str(m.circle_id) ? `/circles/${str(m.circle_id)}` : '/events';
    case 'system':
      return str(m.discussion_id) ? `/discussions/${str(m.discussion_id)}` : '/notifications';
  }
}

/** "Mira reacted to your post", "Mira and Leo reacted…", "Mira and 4 others reacted to your post". */
export function reactionMessage(lastReactorName: string, totalReactors: number): string {
  if (totalReactors <= 1) return `${lastReactorName} reacted to your post`;
  if (totalReactors === 2) return `${lastReactorName} and 1 other reacted to your post`;
  return `${lastReactorName} and ${totalReactors - 1} others reacted to your post`;
}
