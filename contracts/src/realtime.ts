import type { EventDefinition, EventEnvelope } from './events/envelope.ts';
import { SessionsRevoked } from './events/identity.ts';

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
];

/** What a client receives on /ws. */
export interface RealtimeMessage {
  type: string;
  eventId?: string;
  at: string;
  data: Record<string, unknown>;
}
