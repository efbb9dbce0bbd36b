import type { AdminModerationDecided, EventEnvelope, EventPayload } from '@mer/contracts';
import type { NotificationsEmailDeps, NotificationsEmailTx } from '../deps.ts';
import { createNotifications, type NotificationRequest } from './notify.ts';

/**
 * An admin's moderation decision told in plain words: each reporter reads the admin service's reporterMessage, the
 * author its authorMessage (none for a dismissal). The words are the admin service's, so every target and action
 * reads the same in the queue's rules and here. A 'system' notification (it is MER speaking, not a member); the
 * decision's id makes it once per member however often it is delivered.
 */
export async function notifyModerationDecided(
  deps: NotificationsEmailDeps,
  tx: NotificationsEmailTx,
  e: EventEnvelope<EventPayload<typeof AdminModerationDecided>>,
): Promise<void> {
  const p = e.payload;
  const at = new Date(e.occurredAt);
  const metadata = { update_type: `moderation_${p.action}` };
  const requests: NotificationRequest[] = p.reporterIds
    // The author of a reported item is never told as a reporter (they could not report their own).
    .filter((id) => id !== p.authorId)
    .map((userId) => ({
      userId,
      type: 'system',
      title: 'Your report was reviewed',
      message: p.reporterMessage,
      sourceKey: `moderation_reporter:${p.decisionId}`,
      metadata,
      at,
    }));
  if (p.authorMessage)
    requests.push({
      userId: p.authorId,
      type: 'system',
      title: 'A message from the moderators',
      message: p.authorMessage,
      sourceKey: `moderation_author:${p.decisionId}`,
      metadata,
      at,
    });
  await createNotifications(deps, tx, requests);
}
