import { Type } from '@sinclair/typebox';
import { defineEvent } from './envelope.ts';

/*
 * Events community-feed publishes. Subjects are `community-feed.<entity>.<past-tense-event>.v<N>`; a published
 * subject never changes meaning: a breaking change is a new version (…v2) published beside the old.
 */

export const CommunityFeedGreetingRecorded = defineEvent(
  'community-feed.greeting.recorded.v1',
  "community-feed recorded a greeting of a member (the scaffold event: replace it with the service's own).",
  Type.Object({
    greetingId: Type.String({ format: 'uuid' }),
    memberId: Type.String({ format: 'uuid' }),
  }),
);

export const communityFeedEvents = [CommunityFeedGreetingRecorded];
