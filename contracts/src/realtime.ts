import type { EventDefinition, EventEnvelope } from './events/envelope.ts';
import { SessionsRevoked } from './events/identity.ts';
import { FeedPostCreated, FeedReactionAdded, FeedReactionRemoved } from './events/community-feed.ts';

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
        ? { postId: e.payload.postId, authorId: e.payload.authorId, topic: e.payload.topic, visibility: 'all' }
        : { postId: e.payload.postId, topic: e.payload.topic, visibility: 'connections' },
  },
  // Live reaction counts on posts shown (the spec's realtime on community_post_reactions).
  ...[FeedReactionAdded, FeedReactionRemoved].map(
    (event): RealtimeRoute => ({
      event,
      type: 'community.reactions.changed',
      audience: () => 'everyone',
      message: (e) => ({ postId: e.payload.postId, reactionCounts: e.payload.reactionCounts }),
    }),
  ),
];

/** What a client receives on /ws. */
export interface RealtimeMessage {
  type: string;
  eventId?: string;
  at: string;
  data: Record<string, unknown>;
}
