import type {
  CircleAnnouncementPosted,
  CircleApproved,
  CircleDeleted,
  CircleMemberInvited,
  CircleRejected,
  EventCancelled,
  EventDefinition,
  EventEnvelope,
  EventPayload,
  EventUpdated,
  MeetupCancelled,
  MeetupUpdated,
  OccurrenceCancelled,
  OccurrenceUpdated,
  ReminderDue,
  WaitlistPromoted,
} from '@mer/contracts';
import { findMember } from '../db/members.repository.ts';
import { displayName } from '../domain/html.ts';
import type { NotificationsEmailDeps, NotificationsEmailTx } from '../deps.ts';
import { createNotification, createNotifications } from './notify.ts';

/**
 * events-circles' events as the spec's circle_invitation, circle_update, event and event_reminder notifications
 * (metadata circle_id, circle_name, event_id, event_title, reminder_time). One consumer per subject
 * (src/events/handlers/events-circles.*) calls these; the notification bench calls notifyCircleUpdate with a
 * synthesized announcement. Recipients come in the events (memberIds, attendeeIds, userId, holderId);
 * createNotification skips members this service does not know, members whose preference is off, and the actor.
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
  const announcement = f.updateType === 'announcement';
  const created = await createNotifications(
    deps,
    tx,
    f.memberIds.map((userId) => ({
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
    })),
  );
  return created.length;
}

type Envelope<E extends EventDefinition> = EventEnvelope<EventPayload<E>>;
type Deps = NotificationsEmailDeps;

async function nameOf(tx: NotificationsEmailTx, userId: string): Promise<string> {
  const m = await findMember(tx.trx, userId);
  return displayName(m?.name ?? '') || 'A member';
}

/** A holder's or moderator's update in a circle: its members' circle_update (an announcement is high priority). */
export async function notifyCircleUpdatePosted(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof CircleAnnouncementPosted>,
): Promise<void> {
  const p = e.payload;
  await notifyCircleUpdate(deps, tx, {
    sourceId: p.updateId,
    circleId: p.circleId,
    circleName: p.circleName,
    updateType: p.updateType,
    authorId: p.authorId,
    authorName: await nameOf(tx, p.authorId),
    text: p.title ? `${p.title}: ${p.preview}` : p.preview,
    memberIds: p.memberIds,
    at: new Date(e.occurredAt),
  });
}

/** An invitation: the invited member's circle_invitation. */
export async function notifyCircleInvitation(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof CircleMemberInvited>,
): Promise<void> {
  const p = e.payload;
  const inviter = await nameOf(tx, p.invitedBy);
  await createNotification(deps, tx, {
    userId: p.invitedUserId,
    type: 'circle_invitation',
    title: `Invitation to ${p.circleName}`,
    message: `${inviter} invited you to join ${p.circleName}`,
    sourceKey: `circle_invitation:${p.circleId}:${e.id}`,
    senderUserId: p.invitedBy,
    senderName: inviter,
    metadata: { circle_id: p.circleId, circle_name: p.circleName },
    at: new Date(e.occurredAt),
  });
}

/** A reviewer's decision on a new circle: its holder's circle_update (MER's choice: the circle's own page). */
export async function notifyCircleReviewed(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof CircleApproved | typeof CircleRejected>,
): Promise<void> {
  const p = e.payload;
  const approved = 'approvedAt' in p;
  await createNotification(deps, tx, {
    userId: p.holderId,
    type: 'circle_update',
    title: approved ? `${p.name} was approved` : `${p.name} was not approved`,
    message: approved
      ? `Your circle ${p.name} is approved and listed`
      : `Your circle ${p.name} was not approved: ${'reason' in p ? p.reason : ''}`,
    sourceKey: `circle_review:${p.circleId}:${approved ? 'approved' : 'rejected'}`,
    metadata: { circle_id: p.circleId, circle_name: p.name, update_type: approved ? 'approved' : 'rejected' },
    emailType: 'circle_update',
    emailData: { updateType: approved ? 'approved' : 'rejected' },
    at: new Date(e.occurredAt),
  });
}

/**
 * A circle removed (an admin's decision): each of its other members reads it in plain words. The event names them,
 * so nothing of events-circles' is read here. No circle_id in the metadata: the circle's page is gone, the
 * notification leads to /circles.
 */
export async function notifyCircleDeleted(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof CircleDeleted>,
): Promise<void> {
  const p = e.payload;
  await createNotifications(
    deps,
    tx,
    p.memberIds.map((userId) => ({
      userId,
      type: 'circle_update',
      title: `${p.name} was removed`,
      message: `The circle "${p.name}" was removed.`,
      sourceKey: `circle_deleted:${p.circleId}`,
      metadata: { circle_name: p.name, update_type: 'removed' },
      emailType: 'circle_update',
      emailData: { updateType: 'removed' },
      at: new Date(e.occurredAt),
    })),
  );
}

/** "1 hour", "30 minutes", "2 days": the spec's reminder_time (default 1 hour). */
export function reminderTimeText(minutes: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes > 0 && minutes % 1440 === 0) return unit(minutes / 1440, 'day');
  if (minutes > 0 && minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}

/** Where an event or a meetup occurrence lives: event_id for events, circle_id (the circle's page) for meetups. */
function targetMetadata(p: { eventId: string | null; circleId: string | null }, title: string) {
  return {
    ...(p.eventId ? { event_id: p.eventId } : {}),
    ...(p.circleId ? { circle_id: p.circleId } : {}),
    event_title: title,
  };
}

/** A reminder due: the attendee's event_reminder (priority 3, high-priority e-mail, push). Sent once per reminder. */
export async function notifyEventReminder(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof ReminderDue>,
): Promise<void> {
  const p = e.payload;
  const when = reminderTimeText(p.reminderMinutes);
  await createNotification(deps, tx, {
    userId: p.userId,
    type: 'event_reminder',
    title: `Starting in ${when}: ${p.title}`,
    message: `${p.title} starts in ${when}`,
    sourceKey: `event_reminder:${p.reminderId}`,
    metadata: {
      ...targetMetadata(p, p.title),
      ...(p.circleName ? { circle_name: p.circleName } : {}),
      reminder_time: when,
      starts_at: p.startsAt,
    },
    emailType: 'reminder',
    at: new Date(e.occurredAt),
  });
}

/** The host changed an event: each attendee's (going and waitlisted) event notification. */
export async function notifyEventUpdated(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof EventUpdated>,
): Promise<void> {
  const p = e.payload;
  const what = p.changed.length > 0 ? ` (${p.changed.join(', ')})` : '';
  await createNotifications(
    deps,
    tx,
    p.attendeeIds.map((userId) => ({
      userId,
      type: 'event',
      title: `Event updated: ${p.title}`,
      message: `${p.title} has changed${what}`,
      // Each update is its own cause: the envelope's id.
      sourceKey: `event_updated:${e.id}`,
      senderUserId: p.hostId,
      metadata: { event_id: p.eventId, event_title: p.title, update_type: 'updated', changed: p.changed },
      at: new Date(e.occurredAt),
    })),
  );
}

/** An event cancelled: each attendee's event notification (with the reason when one was given). */
export async function notifyEventCancelled(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof EventCancelled>,
): Promise<void> {
  const p = e.payload;
  await createNotifications(
    deps,
    tx,
    p.attendeeIds.map((userId) => ({
      userId,
      type: 'event',
      title: `Event cancelled: ${p.title}`,
      message: p.reason ? `${p.title} was cancelled: ${p.reason}` : `${p.title} was cancelled`,
      sourceKey: `event_cancelled:${p.eventId}`,
      senderUserId: p.cancelledBy,
      metadata: {
        event_id: p.eventId,
        event_title: p.title,
        update_type: 'cancelled',
        starts_at: p.startsAt,
      },
      at: new Date(e.occurredAt),
    })),
  );
}

/** One meetup occurrence cancelled: its attendees' event notification, leading to the circle. */
export async function notifyOccurrenceCancelled(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof OccurrenceCancelled>,
): Promise<void> {
  const p = e.payload;
  await createNotifications(
    deps,
    tx,
    p.attendeeIds.map((userId) => ({
      userId,
      type: 'event',
      title: `Meetup cancelled: ${p.title}`,
      message: p.reason ? `${p.title} was cancelled: ${p.reason}` : `${p.title} was cancelled`,
      sourceKey: `occurrence_cancelled:${p.occurrenceId}`,
      metadata: {
        circle_id: p.circleId,
        event_title: p.title,
        meetup_id: p.meetupId,
        occurrence_id: p.occurrenceId,
        update_type: 'cancelled',
        starts_at: p.startsAt,
      },
      at: new Date(e.occurredAt),
    })),
  );
}

/** A place freed: the promoted member, who is now going, hears of it. */
export async function notifyWaitlistPromoted(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof WaitlistPromoted>,
): Promise<void> {
  const p = e.payload;
  await createNotification(deps, tx, {
    userId: p.userId,
    type: 'event',
    title: `You're going: ${p.title}`,
    message: `A place opened up: you are now going to ${p.title}`,
    // The envelope's id: a member can leave and be promoted again later.
    sourceKey: `waitlist_promoted:${e.id}`,
    metadata: { ...targetMetadata(p, p.title), update_type: 'waitlist_promoted', starts_at: p.startsAt },
    at: new Date(e.occurredAt),
  });
}

/** A meetup series edited or cancelled: the attendees of its future occurrences, leading to the circle. */
export async function notifyMeetupChanged(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof MeetupUpdated | typeof MeetupCancelled>,
): Promise<void> {
  const p = e.payload;
  const cancelled = e.subject === 'events-circles.meetup.cancelled.v1';
  const reason = 'reason' in p ? p.reason : null;
  const what = 'changed' in p && p.changed.length > 0 ? ` (${p.changed.join(', ')})` : '';
  await createNotifications(
    deps,
    tx,
    p.attendeeIds.map((userId) => ({
      userId,
      type: 'event',
      title: cancelled ? `Meetup cancelled: ${p.title}` : `Meetup updated: ${p.title}`,
      message: cancelled
        ? reason
          ? `${p.title} in ${p.circleName} was cancelled: ${reason}`
          : `${p.title} in ${p.circleName} was cancelled`
        : `${p.title} in ${p.circleName} has changed${what}`,
      sourceKey: `meetup_${cancelled ? 'cancelled' : 'updated'}:${e.id}`,
      senderUserId: p.hostId,
      metadata: {
        circle_id: p.circleId,
        circle_name: p.circleName,
        event_title: p.title,
        meetup_id: p.meetupId,
        update_type: cancelled ? 'cancelled' : 'updated',
      },
      at: new Date(e.occurredAt),
    })),
  );
}

/** One occurrence edited (time or capacity): its attendees, leading to the circle. */
export async function notifyOccurrenceUpdated(
  deps: Deps,
  tx: NotificationsEmailTx,
  e: Envelope<typeof OccurrenceUpdated>,
): Promise<void> {
  const p = e.payload;
  await createNotifications(
    deps,
    tx,
    p.attendeeIds.map((userId) => ({
      userId,
      type: 'event',
      title: `Meetup updated: ${p.title}`,
      message: `${p.title} has changed`,
      sourceKey: `occurrence_updated:${e.id}`,
      metadata: {
        circle_id: p.circleId,
        event_title: p.title,
        meetup_id: p.meetupId,
        occurrence_id: p.occurrenceId,
        update_type: 'updated',
        starts_at: p.startsAt,
      },
      at: new Date(e.occurredAt),
    })),
  );
}
