import { FeedContentReported } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordFeedReport } from '../../use-cases/moderation.ts';

/** A member reported feed content: the moderation queue. */
export const feedContentReportedConsumer = defineConsumer({
  name: 'feed-content-reported',
  event: FeedContentReported,
  member: (event) => event.payload.reporterId,
  handle: (event, tx) => recordFeedReport(tx, event.payload, event.occurredAt),
});
