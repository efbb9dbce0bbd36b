import { Type } from '@sinclair/typebox';
import { defineEvent } from './envelope.ts';
import { securityThreatDetectedEvent } from './security.ts';

/*
 * Events social-graph publishes. Subjects are `social-graph.<entity>.<past-tense-event>.v<N>`; a published
 * subject never changes meaning: a breaking change is a new version (…v2) published beside the old.
 * Every connection event names both members (senderId sent the request, receiverId received it).
 */

const Uuid = Type.String({ format: 'uuid' });
const At = Type.String({ format: 'date-time' });

const RequestFields = {
  requestId: Uuid,
  senderId: Uuid,
  receiverId: Uuid,
};

export const ConnectionRequested = defineEvent(
  'social-graph.connection.requested.v1',
  'A member sent another a connection request (notifications: a connection_request item for the receiver, ' +
    'and the e-mail when their preferences allow; the sender name and photo are the ones at sending time).',
  Type.Object({
    ...RequestFields,
    senderName: Type.String(),
    senderImageUrl: Type.Union([Type.String(), Type.Null()]),
    requestedAt: At,
  }),
);

export const ConnectionAccepted = defineEvent(
  'social-graph.connection.accepted.v1',
  'The receiver accepted a request: the two members are connected (notifications: connection_accepted for the ' +
    'sender, with the accepter name and photo).',
  Type.Object({
    ...RequestFields,
    receiverName: Type.String(),
    receiverImageUrl: Type.Union([Type.String(), Type.Null()]),
    acceptedAt: At,
  }),
);

export const ConnectionDeclined = defineEvent(
  'social-graph.connection.declined.v1',
  "The receiver declined a pending request (nobody is notified; the sender's lists refresh).",
  Type.Object({ ...RequestFields, declinedAt: At }),
);

export const ConnectionCancelled = defineEvent(
  'social-graph.connection.cancelled.v1',
  'The sender withdrew a pending request (a pending connection_request notification can be removed).',
  Type.Object({ ...RequestFields, cancelledAt: At }),
);

export const ConnectionRemoved = defineEvent(
  'social-graph.connection.removed.v1',
  'A connection ended: removed by one of the members (removedBy), or ended by a block or an account deletion ' +
    "(reason). Feeds that show connections' content stop doing so.",
  Type.Object({
    ...RequestFields,
    /** The member who ended it; null when an account deletion ended it. */
    removedBy: Type.Union([Uuid, Type.Null()]),
    reason: Type.Union([Type.Literal('removed'), Type.Literal('blocked'), Type.Literal('deleted')]),
    removedAt: At,
  }),
);

export const MemberBlocked = defineEvent(
  'social-graph.member.blocked.v1',
  'A member blocked another. Silent: never shown to the blocked member. Messaging refuses conversations and ' +
    'messages between the two (either direction) while the block lasts; feeds hide each from the other.',
  Type.Object({ blockerId: Uuid, blockedId: Uuid, blockedAt: At }),
);

export const MemberUnblocked = defineEvent(
  'social-graph.member.unblocked.v1',
  'A member lifted a block (silent as well). Nothing the block ended comes back by itself.',
  Type.Object({ blockerId: Uuid, blockedId: Uuid, unblockedAt: At }),
);

export const MemberMuted = defineEvent(
  'social-graph.member.muted.v1',
  "A member muted another: hide the muted member's content from the muter's own views only. The muted member " +
    'must never learn of it: never notify them, never show it to them, never use it in anything they see.',
  Type.Object({ muterId: Uuid, mutedId: Uuid, mutedAt: At }),
);

export const MemberUnmuted = defineEvent(
  'social-graph.member.unmuted.v1',
  "A member unmuted another: show the member's content again in the muter's own views (same privacy as muted).",
  Type.Object({ muterId: Uuid, mutedId: Uuid, unmutedAt: At }),
);

export const MemberReported = defineEvent(
  'social-graph.member.reported.v1',
  'A member reported another (the moderation queue picks it up). details is sanitised member text. The ' +
    'reported member is never told who reported them.',
  Type.Object({
    reportId: Uuid,
    reporterId: Uuid,
    reportedId: Uuid,
    reason: Type.String(),
    details: Type.Union([Type.String(), Type.Null()]),
    reportedAt: At,
  }),
);

/** Hostile member text (a report's details) for the admin security log. */
export const SocialGraphThreatDetected = securityThreatDetectedEvent('social-graph');

export const socialGraphEvents = [
  ConnectionRequested,
  ConnectionAccepted,
  ConnectionDeclined,
  ConnectionCancelled,
  ConnectionRemoved,
  MemberBlocked,
  MemberUnblocked,
  MemberMuted,
  MemberUnmuted,
  MemberReported,
  SocialGraphThreatDetected,
];
