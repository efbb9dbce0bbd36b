import { CirclesContentReported } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordCirclesReport } from '../../use-cases/moderation.ts';

/** A member reported a circle, an event or a circle post: the moderation queue, with what was reported. */
export const circlesContentReportedConsumer = defineConsumer({
  name: 'circles-content-reported',
  event: CirclesContentReported,
  member: (event) => event.payload.reporterId,
  handle: (event, tx) => recordCirclesReport(tx, event.payload, event.occurredAt),
});
