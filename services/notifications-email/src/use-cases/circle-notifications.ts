import type { NotificationsEmailDeps, NotificationsEmailTx } from '../deps.ts';
import { createNotification } from './notify.ts';

/**
 * The seam for events-circles (its events do not exist yet): a circle update or announcement to its members, a
 * circle invitation, an event reminder or change. The consumers of events-circles' subjects call these; the
 * notification bench calls notifyCircleUpdate with a synthesized announcement.
 */
export interface CircleUpdateFacts {
  /** The event's id: with the member it makes each notification happen once. */
  sourceId: string;
  circleId: string;
  circleName: string;
  /** 'announcement' makes the e-mail high priority (spec 001 section 4). */
  updateType: string;
  authorId: string;
  authorName: string;
  text: string;
  memberIds: readonly string[];
  at: Date;
}

export async function notifyCircleUpdate(
  deps: NotificationsEmailDeps,
  tx: NotificationsEmailTx,
  f: CircleUpdateFacts,
): Promise<number> {
  let created = 0;
  const announcement = f.updateType === 'announcement';
  for (const userId of f.memberIds) {
    const n = await createNotification(deps, tx, {
      userId,
      type: 'circle_update',
      title: announcement ? `Announcement in ${f.circleName}` : `New in ${f.circleName}`,
      message: announcement
        ? `${f.authorName} made an announcement in ${f.circleName}`
        : `${f.authorName} posted in ${f.circleName}`,
      sourceKey: `circle_update:${f.sourceId}`,
      senderUserId: f.authorId,
      senderName: f.authorName,
      metadata: { circle_id: f.circleId, circle_name: f.circleName, update_type: f.updateType },
      contentPreview: f.text.slice(0, 140),
      emailType: 'circle_update',
      emailData: { updateType: f.updateType },
      at: f.at,
    });
    if (n) created++;
  }
  return created;
}

export async function notifyEventReminder(
  deps: NotificationsEmailDeps,
  tx: NotificationsEmailTx,
  f: {
    sourceId: string;
    eventId: string;
    eventTitle: string;
    reminderTime?: string;
    memberIds: readonly string[];
    at: Date;
  },
): Promise<void> {
  const when = f.reminderTime ?? '1 hour';
  for (const userId of f.memberIds) {
    await createNotification(deps, tx, {
      userId,
      type: 'event_reminder',
      title: `Starting in ${when}: ${f.eventTitle}`,
      message: `${f.eventTitle} starts in ${when}`,
      sourceKey: `event_reminder:${f.sourceId}`,
      metadata: { event_id: f.eventId, event_title: f.eventTitle, reminder_time: when },
      emailType: 'reminder',
      at: f.at,
    });
  }
}
