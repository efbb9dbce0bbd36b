import { Type } from '@sinclair/typebox';
import { defineEvent } from '../../../../../../contracts/src/events/envelope.ts';

/*
 * Events stencil-demo publishes. Subjects are `stencil-demo.<entity>.<past-tense-event>.v<N>`; a published
 * subject never changes meaning: a breaking change is a new version (…v2) published beside the old.
 */

export const StencilDemoGreetingRecorded = defineEvent(
  'stencil-demo.greeting.recorded.v1',
  "stencil-demo recorded a greeting of a member (the scaffold event: replace it with the service's own).",
  Type.Object({
    greetingId: Type.String({ format: 'uuid' }),
    memberId: Type.String({ format: 'uuid' }),
  }),
);

export const stencilDemoEvents = [StencilDemoGreetingRecorded];
