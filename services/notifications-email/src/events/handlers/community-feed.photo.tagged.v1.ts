import { FeedPhotoTagged } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyPhotoTag } from '../../use-cases/event-notifications.ts';

/** A photo tag: the tagged member's photo_tag notification. */
export const photoTaggedConsumer = defineConsumer({
  name: 'notify-photo-tag',
  event: FeedPhotoTagged,
  member: (event) => event.payload.taggedUserId,
  handle: (event, tx, deps) => notifyPhotoTag(deps, tx, event),
});
