import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from '../../../../../../contracts/src/http/route.ts';
import { Timestamp, Uuid } from '../../../../../../contracts/src/http/common.ts';

/** A greeting stencil-demo recorded: the scaffold's example resource. Replace it with the service's own. */
export const StencilDemoGreeting = Type.Object(
  {
    id: Uuid,
    to: Type.String(),
    message: Type.String(),
    greetedAt: Timestamp,
  },
  { $id: 'StencilDemoGreeting' },
);
export type StencilDemoGreeting = Static<typeof StencilDemoGreeting>;

export const StencilDemoGreetRequest = Type.Object(
  { to: Type.String({ minLength: 1, maxLength: 60 }) },
  { additionalProperties: false },
);

export const StencilDemoGreetingList = Type.Object({ greetings: Type.Array(StencilDemoGreeting) });
export type StencilDemoGreetingList = Static<typeof StencilDemoGreetingList>;

/** Every REST route of stencil-demo. The gateway forwards /api/v1/stencil-demo/... here; OpenAPI is generated from it. */
export const stencilDemoRoutes = defineRoutes('stencil-demo', {
  greet: {
    method: 'POST',
    path: '/api/v1/stencil-demo/greetings',
    summary: 'The member greets someone; the greeting is recorded (the scaffold route: replace it)',
    access: { kind: 'user' },
    body: StencilDemoGreetRequest,
    response: { 201: StencilDemoGreeting },
  },
  myGreetings: {
    method: 'GET',
    path: '/api/v1/stencil-demo/greetings',
    summary: "The member's greetings, newest first (the scaffold route: replace it)",
    access: { kind: 'user' },
    response: { 200: StencilDemoGreetingList },
  },
});
