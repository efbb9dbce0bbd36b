import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { Timestamp, Uuid } from './common.ts';

/** A greeting community-feed recorded: the scaffold's example resource. Replace it with the service's own. */
export const CommunityFeedGreeting = Type.Object(
  {
    id: Uuid,
    to: Type.String(),
    message: Type.String(),
    greetedAt: Timestamp,
  },
  { $id: 'CommunityFeedGreeting' },
);
export type CommunityFeedGreeting = Static<typeof CommunityFeedGreeting>;

export const CommunityFeedGreetRequest = Type.Object(
  { to: Type.String({ minLength: 1, maxLength: 60 }) },
  { additionalProperties: false },
);

export const CommunityFeedGreetingList = Type.Object({ greetings: Type.Array(CommunityFeedGreeting) });
export type CommunityFeedGreetingList = Static<typeof CommunityFeedGreetingList>;

/** Every REST route of community-feed. The gateway forwards /api/v1/community-feed/... here; OpenAPI is generated from it. */
export const communityFeedRoutes = defineRoutes('community-feed', {
  greet: {
    method: 'POST',
    path: '/api/v1/community-feed/greetings',
    summary: 'The member greets someone; the greeting is recorded (the scaffold route: replace it)',
    access: { kind: 'user' },
    body: CommunityFeedGreetRequest,
    response: { 201: CommunityFeedGreeting },
  },
  myGreetings: {
    method: 'GET',
    path: '/api/v1/community-feed/greetings',
    summary: "The member's greetings, newest first (the scaffold route: replace it)",
    access: { kind: 'user' },
    response: { 200: CommunityFeedGreetingList },
  },
});
