import { FeedContentAutoHidden } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordFeedAutoHidden } from '../../use-cases/moderation.ts';

/** The feed hid an item at 3 reports: the queue shows it hidden pending review. */
export const feedContentAutoHiddenConsumer = defineConsumer({
  name: 'feed-content-auto-hidden',
  event: FeedContentAutoHidden,
  member: (event) => event.payload.authorId,
  handle: (event, tx) => recordFeedAutoHidden(tx, event.payload, event.occurredAt),
});
