import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { Timestamp, Uuid } from './common.ts';

/** A greeting messaging recorded: the scaffold's example resource. Replace it with the service's own. */
export const MessagingGreeting = Type.Object(
  {
    id: Uuid,
    to: Type.String(),
    message: Type.String(),
    greetedAt: Timestamp,
  },
  { $id: 'MessagingGreeting' },
);
export type MessagingGreeting = Static<typeof MessagingGreeting>;

export const MessagingGreetRequest = Type.Object(
  { to: Type.String({ minLength: 1, maxLength: 60 }) },
  { additionalProperties: false },
);

export const MessagingGreetingList = Type.Object({ greetings: Type.Array(MessagingGreeting) });
export type MessagingGreetingList = Static<typeof MessagingGreetingList>;

/** Every REST route of messaging. The gateway forwards /api/v1/messaging/... here; OpenAPI is generated from it. */
export const messagingRoutes = defineRoutes('messaging', {
  greet: {
    method: 'POST',
    path: '/api/v1/messaging/greetings',
    summary: 'The member greets someone; the greeting is recorded (the scaffold route: replace it)',
    access: { kind: 'user' },
    body: MessagingGreetRequest,
    response: { 201: MessagingGreeting },
  },
  myGreetings: {
    method: 'GET',
    path: '/api/v1/messaging/greetings',
    summary: "The member's greetings, newest first (the scaffold route: replace it)",
    access: { kind: 'user' },
    response: { 200: MessagingGreetingList },
  },
});
