import { Type } from '@sinclair/typebox';
import { defineEvent } from './envelope.ts';

/*
 * Events messaging publishes. Subjects are `messaging.<entity>.<past-tense-event>.v<N>`; a published
 * subject never changes meaning: a breaking change is a new version (…v2) published beside the old.
 */

export const MessagingGreetingRecorded = defineEvent(
  'messaging.greeting.recorded.v1',
  "messaging recorded a greeting of a member (the scaffold event: replace it with the service's own).",
  Type.Object({
    greetingId: Type.String({ format: 'uuid' }),
    memberId: Type.String({ format: 'uuid' }),
  }),
);

export const messagingEvents = [MessagingGreetingRecorded];
