import type { EventDefinition, EventEnvelope } from './events/envelope.ts';
import { SessionsRevoked } from './events/identity.ts';
import {
  FeedContentAutoHidden,
  FeedContentModerated,
  FeedContentReported,
  FeedPostCreated,
  FeedReactionAdded,
  FeedReactionRemoved,
} from './events/community-feed.ts';
import { AdminModerationDecided, AdminSecurityEventLogged } from './events/admin.ts';
import { MODERATION_PERMISSIONS, SECURITY_LOG_PERMISSIONS } from './http/admin.ts';
import {
  ConversationRead,
  MemberTyping,
  MessageDeleted,
  MessageEdited,
  MessageReactionsChanged,
  MessageSent,
  UnreadTotalChanged,
} from './events/messaging.ts';
import {
  ConnectionAccepted,
  ConnectionCancelled,
  ConnectionDeclined,
  ConnectionRemoved,
  ConnectionRequested,
} from './events/social-graph.ts';
import { CircleForumContentModerated, RsvpChanged, WaitlistPromoted } from './events/events-circles.ts';
import { NotificationCreated, NotificationsRead } from './events/notifications-email.ts';

/**
 * Domain events the gateway pushes to members' open WebSockets at /ws.
 * `audience` names the member who receives it, the members who do (each gets it once), 'everyone' signed in, or
 * the members whose token carries any of some permissions (`{ anyPermission }`: admins).
 */
export interface RealtimeRoute {
  event: EventDefinition;
  type: string;
  audience: (
    event: EventEnvelope<any>,
  ) => string | 'everyone' | readonly string[] | { anyPermission: readonly string[] };
  message: (event: EventEnvelope<any>) => Record<string, unknown>;
}

export const realtimeRoutes: RealtimeRoute[] = [
  {
    event: SessionsRevoked,
    type: 'session.revoked',
    audience: (e) => e.payload.userId ?? 'everyone',
    message: (e) => ({ reason: e.payload.reason }),
  },
  // The feed's "N new posts" pill: a hint only (ids, no text); the client fetches the page, which applies
  // visibility, blocks and mutes for the viewer.
  {
    event: FeedPostCreated,
    type: 'community.post.created',
    audience: () => 'everyone',
    // A connections-only post is announced without its author: who posted it is only for their connections.
    message: (e) =>
      e.payload.visibility === 'all'
        ? {
            postId: e.payload.postId,
            authorId: e.payload.authorId,
            topic: e.payload.topic,
            visibility: 'all',
          }
        : { postId: e.payload.postId, topic: e.payload.topic, visibility: 'connections' },
  },
  // Live reaction counts on posts shown (the spec's realtime on community_post_reactions).
  ...[FeedReactionAdded, FeedReactionRemoved].map((event): RealtimeRoute => ({
    event,
    type: 'community.reactions.changed',
    audience: () => 'everyone',
    message: (e) => ({ postId: e.payload.postId, reactionCounts: e.payload.reactionCounts }),
  })),
  // A change of a connection request reaches the *other* member's open pages (spec 001 section 7 "Realtime
  // refresh" of connection_requests): their /connections lists and status buttons refetch (300 ms debounce).
  // The member who acted already has the answer of their own request. Declines and blocks stay silent.
  {
    event: ConnectionRequested,
    type: 'connections.changed',
    audience: (e) => e.payload.receiverId,
    message: (e) => connectionChange('requested', e.payload.requestId, e.payload.senderId),
  },
  {
    event: ConnectionAccepted,
    type: 'connections.changed',
    audience: (e) => e.payload.senderId,
    message: (e) => connectionChange('accepted', e.payload.requestId, e.payload.receiverId),
  },
  {
    event: ConnectionCancelled,
    type: 'connections.changed',
    audience: (e) => e.payload.receiverId,
    message: (e) => connectionChange('cancelled', e.payload.requestId, e.payload.senderId),
  },
  {
    // The sender's 'connect-requests' tab drops the request; the decline itself is not announced.
    event: ConnectionDeclined,
    type: 'connections.changed',
    audience: (e) => e.payload.senderId,
    message: (e) => connectionChange('updated', e.payload.requestId, e.payload.receiverId),
  },
  {
    // Removed by one member: the other's lists refresh. Ended by a block: nobody is told (blocks are silent),
    // so the blocked member's lists only change on their next fetch.
    event: ConnectionRemoved,
    type: 'connections.changed',
    audience: (e) =>
      e.payload.reason === 'removed'
        ? e.payload.removedBy === e.payload.senderId
          ? e.payload.receiverId
          : e.payload.senderId
        : NOBODY,
    message: (e) => connectionChange('removed', e.payload.requestId, e.payload.removedBy),
  },
  // Messaging (issue 17): every open tab of both members. Clients deduplicate by message id and, after a
  // reconnect, fetch what they missed after the last sequence number they saw (GET …/messages?after=N).
  {
    event: MessageSent,
    type: 'messaging.message.created',
    audience: (e) => e.payload.memberIds,
    message: (e) => ({
      messageId: e.payload.messageId,
      conversationId: e.payload.conversationId,
      sequence: e.payload.sequence,
      senderId: e.payload.senderId,
      body: e.payload.body,
      photoUrl: e.payload.photoUrl ?? null,
      clientMessageId: e.payload.clientMessageId,
      createdAt: e.payload.sentAt,
    }),
  },
  {
    event: MessageEdited,
    type: 'messaging.message.updated',
    audience: (e) => e.payload.memberIds,
    message: (e) => ({
      change: 'edited',
      messageId: e.payload.messageId,
      conversationId: e.payload.conversationId,
      sequence: e.payload.sequence,
      body: e.payload.body,
      editedAt: e.payload.editedAt,
    }),
  },
  {
    event: MessageDeleted,
    type: 'messaging.message.updated',
    audience: (e) => e.payload.memberIds,
    message: (e) => ({
      change: 'deleted',
      messageId: e.payload.messageId,
      conversationId: e.payload.conversationId,
      sequence: e.payload.sequence,
      deletedAt: e.payload.deletedAt,
    }),
  },
  {
    event: MessageReactionsChanged,
    type: 'messaging.message.updated',
    audience: (e) => e.payload.memberIds,
    message: (e) => ({
      change: 'reactions',
      messageId: e.payload.messageId,
      conversationId: e.payload.conversationId,
      reactionCount: e.payload.reactionCount,
      reactions: e.payload.reactions,
    }),
  },
  {
    // 'Seen' for the sender, unless the reader turned read receipts off: then only the reader's own tabs.
    event: ConversationRead,
    type: 'messaging.conversation.read',
    audience: (e) => (e.payload.receiptsVisible ? e.payload.memberIds : [e.payload.readerId]),
    message: (e) => ({
      conversationId: e.payload.conversationId,
      readerId: e.payload.readerId,
      readUpTo: e.payload.readUpTo,
    }),
  },
  {
    // The Conversations badge, to the member alone (nobody else learns their total).
    event: UnreadTotalChanged,
    type: 'messaging.unread.changed',
    audience: (e) => e.payload.memberId,
    message: (e) => ({ unreadTotal: e.payload.unreadTotal }),
  },
  {
    event: MemberTyping,
    type: 'messaging.typing',
    audience: (e) => e.payload.recipientIds,
    message: (e) => ({ conversationId: e.payload.conversationId, memberId: e.payload.memberId }),
  },
  // Admin (issue 20): the security log and the moderation queue refresh live on admins' screens; members'
  // open feeds drop content the moment it is hidden or deleted.
  {
    event: AdminSecurityEventLogged,
    type: 'admin.security.logged',
    audience: () => ({ anyPermission: SECURITY_LOG_PERMISSIONS }),
    message: (e) => ({
      id: e.payload.securityEventId,
      type: e.payload.type,
      severity: e.payload.severity,
      description: e.payload.description,
      source: e.payload.source,
      userId: e.payload.userId,
      createdAt: e.payload.createdAt,
    }),
  },
  ...[FeedContentReported, FeedContentAutoHidden].map((event): RealtimeRoute => ({
    event,
    type: 'admin.moderation.changed',
    audience: () => ({ anyPermission: MODERATION_PERMISSIONS }),
    // Which item changed, never who reported it.
    message: (e) => ({ targetType: e.payload.targetType, targetId: e.payload.targetId }),
  })),
  {
    event: AdminModerationDecided,
    type: 'admin.moderation.changed',
    audience: () => ({ anyPermission: MODERATION_PERMISSIONS }),
    message: (e) => ({
      targetType: e.payload.targetType,
      targetId: e.payload.targetId,
      action: e.payload.action,
    }),
  },
  {
    event: FeedContentAutoHidden,
    type: 'community.content.hidden',
    audience: () => 'everyone',
    message: (e) => ({ targetType: e.payload.targetType, targetId: e.payload.targetId }),
  },
  {
    event: FeedContentModerated,
    type: 'community.content.moderated',
    audience: () => 'everyone',
    message: (e) => ({
      targetType: e.payload.targetType,
      targetId: e.payload.targetId,
      change: e.payload.change,
    }),
  },
  // A circle discussion or reply an admin hid, restored or deleted (issue 20): the circle's open discussion pages
  // drop it at once. Only the circle's members may read its forum, so only they are told, ids only.
  {
    event: CircleForumContentModerated,
    type: 'circles.content.moderated',
    audience: (e) => e.payload.memberIds,
    message: (e) => ({
      targetType: e.payload.targetType,
      targetId: e.payload.targetId,
      circleId: e.payload.circleId,
      discussionId: e.payload.discussionId,
      change: e.payload.change,
    }),
  },
  // Events and circles (issue 16; spec 001 section 7's realtime on event_participants and meetup_occurrence_rsvps):
  // lists and pages showing the gathering refetch its counts (300 ms debounce). Counts only, never who answered.
  {
    event: RsvpChanged,
    type: 'events.rsvp.changed',
    audience: () => 'everyone',
    message: (e) => ({
      targetKind: e.payload.targetKind,
      targetId: e.payload.targetId,
      eventId: e.payload.eventId,
      meetupId: e.payload.meetupId,
      occurrenceId: e.payload.occurrenceId,
      goingCount: e.payload.goingCount,
      waitlistCount: e.payload.waitlistCount,
      spotsLeft: e.payload.spotsLeft,
    }),
  },
  {
    // The promoted member's own tabs: their status changed without their asking.
    event: WaitlistPromoted,
    type: 'events.rsvp.promoted',
    audience: (e) => e.payload.userId,
    message: (e) => ({
      targetKind: e.payload.targetKind,
      targetId: e.payload.targetId,
      eventId: e.payload.eventId,
      meetupId: e.payload.meetupId,
      occurrenceId: e.payload.occurrenceId,
      title: e.payload.title,
      startsAt: e.payload.startsAt,
    }),
  },
  // Notifications (issue 18): the member's own tabs only. The bell updates its badge from unreadCount and its
  // lists refetch (the spec's realtime change to the user's notifications, 300 ms debounce).
  {
    event: NotificationCreated,
    type: 'notifications.changed',
    audience: (e) => e.payload.userId,
    message: (e) => ({
      change: e.payload.aggregated ? 'updated' : 'created',
      notificationId: e.payload.notificationId,
      notification: e.payload.notification,
      unreadCount: e.payload.unreadCount,
    }),
  },
  {
    event: NotificationsRead,
    type: 'notifications.changed',
    audience: (e) => e.payload.userId,
    message: (e) => ({
      change: 'read',
      notificationIds: e.payload.notificationIds,
      all: e.payload.all,
      unreadCount: e.payload.unreadCount,
    }),
  },
];

/** An audience no socket belongs to (a member id is a uuid): the event is not pushed. */
const NOBODY = 'nobody';

/** What /connections needs to refetch: which change, of which request, caused by which member. */
function connectionChange(
  change: string,
  requestId: string,
  otherUserId: string | null,
): Record<string, unknown> {
  return { change, requestId, otherUserId };
}

/** What a client receives on /ws. */
export interface RealtimeMessage {
  type: string;
  eventId?: string;
  at: string;
  data: Record<string, unknown>;
}
