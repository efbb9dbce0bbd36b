import { MemberReported } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordMemberReport } from '../../use-cases/moderation.ts';

/** A member reported another member: the moderation queue (warn or suspend). */
export const memberReportedConsumer = defineConsumer({
  name: 'member-reported',
  event: MemberReported,
  member: (event) => event.payload.reporterId,
  handle: (event, tx) => recordMemberReport(tx, event.payload),
});
