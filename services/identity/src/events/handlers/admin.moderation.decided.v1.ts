import { AdminModerationDecided } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { suspendByModeration } from '../../use-cases/admin-members.ts';

/**
 * A moderation decision. Only `suspend` is identity's to carry out: the member (the author of the reported item,
 * or the reported member) is suspended and their sessions end at once. The admin service audited the decision.
 */
export const moderationDecidedConsumer = defineConsumer({
  name: 'moderation-decided',
  event: AdminModerationDecided,
  member: (event) => event.payload.authorId,
  handle: async (event, tx) => {
    if (event.payload.action !== 'suspend') return;
    await suspendByModeration(tx, event.payload.authorId);
  },
});
