import { Type } from '@sinclair/typebox';
import { defineEvent } from './envelope.ts';
import { securityThreatDetectedEvent } from './security.ts';

/*
 * Events search publishes. Subjects are `search.<entity>.<past-tense-event>.v<N>`; a published
 * subject never changes meaning: a breaking change is a new version (…v2) published beside the old.
 */

const Uuid = Type.String({ format: 'uuid' });

export const SavedSearchMatched = defineEvent(
  'search.saved-search.matched.v1',
  'A new item matches a saved search whose notifications are on (once per item and saved search): notifications ' +
    'tell the member. Carries what the notification shows.',
  Type.Object({
    memberId: Uuid,
    savedSearchId: Uuid,
    savedSearchName: Type.String(),
    query: Type.String(),
    item: Type.Object({
      id: Uuid,
      type: Type.Union([
        Type.Literal('circle'),
        Type.Literal('event'),
        Type.Literal('person'),
        Type.Literal('post'),
      ]),
      title: Type.String(),
      url: Type.String(),
    }),
    matchedAt: Type.String({ format: 'date-time' }),
  }),
);

/** Hostile member text seen in a search, a saved search's name or its query, for the admin security log. */
export const SearchThreatDetected = securityThreatDetectedEvent('search');

export const searchEvents = [SavedSearchMatched, SearchThreatDetected];
