import { AdminModerationDecided } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { notifyModerationDecided } from '../../use-cases/moderation-notifications.ts';

/** An admin decided on a report: the reporters and the author are told in plain words. */
export const moderationDecidedConsumer = defineConsumer({
  name: 'notify-moderation-decided',
  event: AdminModerationDecided,
  handle: (event, tx, deps) => notifyModerationDecided(deps, tx, event),
});
