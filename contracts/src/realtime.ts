import type { EventDefinition, EventEnvelope } from './events/envelope.ts';
import { SessionsRevoked } from './events/identity.ts';
import { FeedPostCreated, FeedReactionAdded, FeedReactionRemoved } from './events/community-feed.ts';
import {
  ConnectionAccepted,
  ConnectionCancelled,
  ConnectionDeclined,
  ConnectionRemoved,
  ConnectionRequested,
} from './events/social-graph.ts';

/**
 * Domain events the gateway pushes to members' open WebSockets at /ws.
 * `audience` names the member who receives it, or 'everyone' signed in.
 */
export interface RealtimeRoute {
  event: EventDefinition;
  type: string;
  audience: (event: EventEnvelope<any>) => string | 'everyone';
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
