import { MessageReported } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordMessageReport } from '../../use-cases/moderation.ts';

/** A member of a conversation reported a message: the moderation queue, with that message's text. */
export const messageReportedConsumer = defineConsumer({
  name: 'message-reported',
  event: MessageReported,
  member: (event) => event.payload.reporterId,
  handle: (event, tx) => recordMessageReport(tx, event.payload, event.occurredAt),
});
