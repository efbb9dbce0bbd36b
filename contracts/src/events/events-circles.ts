import { Type } from '@sinclair/typebox';
import { defineEvent, type EventDefinition } from './envelope.ts';
import { ReportedItemPlace } from './admin.ts';
import { securityThreatDetectedEvent } from './security.ts';

/*
 * Events events-circles publishes. Subjects are `events-circles.<entity>.<past-tense-event>.v<N>`; a published
 * subject never changes meaning: a breaking change is a new version (…v2) published beside the old.
 * Search indexes circles and events (approved ones only are public) from created/approved/updated/cancelled;
 * notifications turn invitations, updates, promotions, changes and reminders into the spec's circle_invitation,
 * circle_update, event and event_reminder notifications (metadata circle_id, circle_name, event_id, event_title,
 * reminder_time). Payloads never carry addresses or online links (those are for attendees, on the event page).
 */

const Uuid = Type.String({ format: 'uuid' });
const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Approval = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);
const EventType = Type.Union([Type.Literal('in_person'), Type.Literal('online'), Type.Literal('hybrid')]);
const Role = Type.Union([Type.Literal('holder'), Type.Literal('moderator'), Type.Literal('member')]);

const CircleFacts = {
  circleId: Uuid,
  name: Type.String(),
  /** Sanitised HTML. */
  description: Type.String(),
  category: Type.String(),
  joinPolicy: Type.Union([Type.Literal('open'), Type.Literal('request'), Type.Literal('invitation')]),
  cityId: Nullable(Type.String()),
  cityLabel: Nullable(Type.String()),
  holderId: Uuid,
  approvalStatus: Approval,
  coverUrl: Nullable(Type.String()),
};

export const CircleCreated = defineEvent(
  'events-circles.circle.created.v1',
  'A member created a circle; it waits for approval (approvalStatus pending).',
  Type.Object({ ...CircleFacts, createdAt: Time }),
);

export const CircleApproved = defineEvent(
  'events-circles.circle.approved.v1',
  'A reviewer approved a circle: it is listed (search indexes it from now on).',
  Type.Object({ ...CircleFacts, reviewerId: Uuid, approvedAt: Time }),
);

export const CircleRejected = defineEvent(
  'events-circles.circle.rejected.v1',
  'A reviewer rejected a circle with a reason (the creator is told).',
  Type.Object({
    circleId: Uuid,
    name: Type.String(),
    holderId: Uuid,
    reviewerId: Uuid,
    reason: Type.String(),
  }),
);

export const CircleUpdated = defineEvent(
  'events-circles.circle.updated.v1',
  "The holder changed a circle's name, description, category, place, cover or joining rule.",
  Type.Object({ ...CircleFacts, updatedAt: Time }),
);

export const CircleDeleted = defineEvent(
  'events-circles.circle.deleted.v1',
  "A circle was removed (an admin's decision on a report): its members are told. memberIds are every member " +
    'but the holder (the decision tells the holder itself), so no consumer needs to read who was in it.',
  Type.Object({
    circleId: Uuid,
    name: Type.String(),
    holderId: Uuid,
    memberIds: Type.Array(Uuid),
    /** Who removed it (the deciding admin). */
    deletedBy: Uuid,
    deletedAt: Time,
  }),
);

export const CircleMemberJoined = defineEvent(
  'events-circles.circle-member.joined.v1',
  'A member joined a circle (open circle, accepted request or accepted invitation).',
  Type.Object({
    circleId: Uuid,
    circleName: Type.String(),
    userId: Uuid,
    role: Role,
    memberCount: Type.Integer(),
  }),
);

export const CircleMemberLeft = defineEvent(
  'events-circles.circle-member.left.v1',
  'A member left a circle or was removed from it (removedBy set).',
  Type.Object({
    circleId: Uuid,
    userId: Uuid,
    removedBy: Nullable(Uuid),
    memberCount: Type.Integer(),
  }),
);

export const CircleMemberInvited = defineEvent(
  'events-circles.circle-member.invited.v1',
  "A member was invited to a circle (the spec's circle_invitation notification: circle_id, circle_name).",
  Type.Object({ circleId: Uuid, circleName: Type.String(), invitedUserId: Uuid, invitedBy: Uuid }),
);

export const CircleJoinRequested = defineEvent(
  'events-circles.circle-member.requested.v1',
  'A member asked to join a circle by request; its holders and moderators (leaderIds) decide.',
  Type.Object({ circleId: Uuid, circleName: Type.String(), userId: Uuid, leaderIds: Type.Array(Uuid) }),
);

export const CircleRoleChanged = defineEvent(
  'events-circles.circle-member.role-changed.v1',
  "A member's role in a circle changed (holders feed the Community Mentors / energy_healer badge).",
  Type.Object({ circleId: Uuid, userId: Uuid, role: Role, previousRole: Role, changedBy: Uuid }),
);

export const CircleAnnouncementPosted = defineEvent(
  'events-circles.circle-update.posted.v1',
  'A holder or moderator posted a circle update; updateType announcement is the high-priority circle_update.',
  Type.Object({
    updateId: Uuid,
    circleId: Uuid,
    circleName: Type.String(),
    authorId: Uuid,
    updateType: Type.Union([Type.Literal('announcement'), Type.Literal('update')]),
    title: Type.String(),
    /** Plain text, at most 140 characters. */
    preview: Type.String({ maxLength: 140 }),
    /** Circle members to tell (the author excluded). */
    memberIds: Type.Array(Uuid),
  }),
);

export const CirclePostCreated = defineEvent(
  'events-circles.circle-post.created.v1',
  'A member posted in a circle (post_type circle).',
  Type.Object({ postId: Uuid, circleId: Uuid, authorId: Uuid, content: Type.String(), createdAt: Time }),
);

export const CirclePostDeleted = defineEvent(
  'events-circles.circle-post.deleted.v1',
  'A circle post was deleted: forget it.',
  Type.Object({ postId: Uuid, circleId: Uuid, authorId: Uuid }),
);

const EventFacts = {
  eventId: Uuid,
  title: Type.String(),
  description: Type.String(),
  category: Type.String(),
  type: EventType,
  hostId: Uuid,
  circleId: Nullable(Uuid),
  cityId: Nullable(Type.String()),
  cityLabel: Nullable(Type.String()),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  timeZone: Type.String(),
  startsAt: Time,
  endsAt: Time,
  capacity: Type.Union([Type.Integer(), Type.Null()]),
  approvalStatus: Approval,
  coverUrl: Nullable(Type.String()),
};

export const EventCreated = defineEvent(
  'events-circles.event.created.v1',
  'A member created an event; it waits for approval (approvalStatus pending).',
  Type.Object({ ...EventFacts, createdAt: Time }),
);

export const EventApproved = defineEvent(
  'events-circles.event.approved.v1',
  'A reviewer approved an event: it is listed.',
  Type.Object({ ...EventFacts, reviewerId: Uuid, approvedAt: Time }),
);

export const EventRejected = defineEvent(
  'events-circles.event.rejected.v1',
  'A reviewer rejected an event with a reason (the host is told).',
  Type.Object({ eventId: Uuid, title: Type.String(), hostId: Uuid, reviewerId: Uuid, reason: Type.String() }),
);

export const EventUpdated = defineEvent(
  'events-circles.event.updated.v1',
  "The host changed an event; attendeeIds (going and waitlisted) are told (the spec's event notification).",
  Type.Object({
    ...EventFacts,
    /** Which fields changed: title, description, time, place, capacity, ... */
    changed: Type.Array(Type.String()),
    attendeeIds: Type.Array(Uuid),
    updatedAt: Time,
  }),
);

export const EventCancelled = defineEvent(
  'events-circles.event.cancelled.v1',
  'The host or a reviewer cancelled an event; attendeeIds are told.',
  Type.Object({
    eventId: Uuid,
    title: Type.String(),
    hostId: Uuid,
    startsAt: Time,
    reason: Nullable(Type.String()),
    attendeeIds: Type.Array(Uuid),
    cancelledBy: Uuid,
  }),
);

const Target = {
  /** event: an event; occurrence: one occurrence of a meetup (meetupId and circleId set). */
  targetKind: Type.Union([Type.Literal('event'), Type.Literal('occurrence')]),
  /** The event id or the occurrence id. */
  targetId: Uuid,
  eventId: Nullable(Uuid),
  meetupId: Nullable(Uuid),
  occurrenceId: Nullable(Uuid),
  circleId: Nullable(Uuid),
};
const RsvpState = Type.Union([Type.Literal('going'), Type.Literal('waitlisted'), Type.Literal('not_going')]);

export const RsvpChanged = defineEvent(
  'events-circles.rsvp.changed.v1',
  "A member's RSVP changed (going, waitlisted, not going); carries the counts after it for live lists.",
  Type.Object({
    ...Target,
    userId: Uuid,
    status: RsvpState,
    previousStatus: Type.Union([RsvpState, Type.Literal('none')]),
    capacity: Type.Union([Type.Integer(), Type.Null()]),
    goingCount: Type.Integer({ minimum: 0 }),
    waitlistCount: Type.Integer({ minimum: 0 }),
    spotsLeft: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    changedAt: Time,
  }),
);

export const WaitlistPromoted = defineEvent(
  'events-circles.waitlist.promoted.v1',
  'A place freed and the first member on the waitlist is now going (they are told).',
  Type.Object({ ...Target, userId: Uuid, title: Type.String(), startsAt: Time, timeZone: Type.String() }),
);

export const ReminderDue = defineEvent(
  'events-circles.reminder.due.v1',
  "An event or occurrence a member is going to starts in reminderMinutes (the spec's event_reminder; sent once).",
  Type.Object({
    reminderId: Uuid,
    ...Target,
    userId: Uuid,
    /** event_title */
    title: Type.String(),
    circleName: Nullable(Type.String()),
    startsAt: Time,
    timeZone: Type.String(),
    /** reminder_time, in minutes (default 60). */
    reminderMinutes: Type.Integer({ minimum: 0 }),
  }),
);

const MeetupFacts = {
  meetupId: Uuid,
  circleId: Uuid,
  circleName: Type.String(),
  title: Type.String(),
  hostId: Uuid,
  timeZone: Type.String(),
  /** RFC 5545 RRULE, null for a single meetup. */
  rrule: Nullable(Type.String()),
  firstStartsAt: Time,
};

export const MeetupCreated = defineEvent(
  'events-circles.meetup.created.v1',
  'A circle meetup (single or a recurring series) was created.',
  Type.Object({ ...MeetupFacts, occurrenceCount: Type.Integer({ minimum: 0 }) }),
);

export const MeetupUpdated = defineEvent(
  'events-circles.meetup.updated.v1',
  'A meetup series was edited; attendeeIds of its future occurrences are told.',
  Type.Object({ ...MeetupFacts, changed: Type.Array(Type.String()), attendeeIds: Type.Array(Uuid) }),
);

export const MeetupCancelled = defineEvent(
  'events-circles.meetup.cancelled.v1',
  'A whole meetup series was cancelled; attendeeIds of its future occurrences are told.',
  Type.Object({ ...MeetupFacts, reason: Nullable(Type.String()), attendeeIds: Type.Array(Uuid) }),
);

export const OccurrenceUpdated = defineEvent(
  'events-circles.occurrence.updated.v1',
  'One occurrence of a meetup was edited (time or capacity); its attendees are told.',
  Type.Object({
    meetupId: Uuid,
    occurrenceId: Uuid,
    circleId: Uuid,
    title: Type.String(),
    startsAt: Time,
    endsAt: Time,
    attendeeIds: Type.Array(Uuid),
  }),
);

export const OccurrenceCancelled = defineEvent(
  'events-circles.occurrence.cancelled.v1',
  'One occurrence of a meetup was cancelled; its attendees are told.',
  Type.Object({
    meetupId: Uuid,
    occurrenceId: Uuid,
    circleId: Uuid,
    title: Type.String(),
    startsAt: Time,
    reason: Nullable(Type.String()),
    attendeeIds: Type.Array(Uuid),
  }),
);

/** What a member may report in events-circles. */
const ReportTarget = Type.Union([
  Type.Literal('circle'),
  Type.Literal('event'),
  Type.Literal('circle_post'),
  Type.Literal('circle_discussion'),
  Type.Literal('circle_discussion_reply'),
]);

export const CirclesContentReported = defineEvent(
  'events-circles.content.reported.v1',
  'A member reported a circle, an event, a circle post or a circle discussion or reply with a reason; the admin ' +
    'queue shows it with its context and place.',
  Type.Object({
    reportId: Uuid,
    targetType: ReportTarget,
    targetId: Uuid,
    /** The holder of the circle, the host of the event or the author of the post. */
    authorId: Uuid,
    reporterId: Uuid,
    reason: Type.String(),
    /** Reports of the item from different members so far. */
    reportCount: Type.Integer({ minimum: 1 }),
    /**
     * What was reported, for the moderator: the circle's name, the event's title, a discussion's title or a post's or
     * reply's opening (sanitised).
     */
    context: Type.String(),
    /** The circle (with its name) of a post, discussion or reply, and a reply's discussion: the queue links the page. */
    place: Type.Optional(ReportedItemPlace),
  }),
);

export const CircleForumContentModerated = defineEvent(
  'events-circles.content.moderated.v1',
  "An admin's decision was carried out on a circle discussion or reply: hidden, restored or deleted. Open discussion " +
    'pages of the circle drop a hidden or deleted reply, and show a hidden or deleted discussion as removed, at once ' +
    '(its author and reviewers see it marked hidden on their next fetch).',
  Type.Object({
    targetType: Type.Union([Type.Literal('circle_discussion'), Type.Literal('circle_discussion_reply')]),
    targetId: Uuid,
    authorId: Uuid,
    circleId: Uuid,
    /** The discussion itself, or the reply's discussion: the page it is shown on. */
    discussionId: Uuid,
    change: Type.Union([Type.Literal('hidden'), Type.Literal('restored'), Type.Literal('deleted')]),
    /** The admin decision (admin.moderation.decided.v1) this carries out. */
    decisionId: Uuid,
    /** The circle's members (the forum is theirs alone): whose open pages may show it. */
    memberIds: Type.Array(Uuid),
  }),
);

/** Hostile member text seen in circles or events (the text sanitiser's threats), for the admin security log. */
export const EventsCirclesThreatDetected = securityThreatDetectedEvent('events-circles');

export const eventsCirclesEvents: readonly EventDefinition[] = [
  CircleCreated,
  CircleApproved,
  CircleRejected,
  CircleUpdated,
  CircleMemberJoined,
  CircleMemberLeft,
  CircleMemberInvited,
  CircleJoinRequested,
  CircleRoleChanged,
  CircleAnnouncementPosted,
  CirclePostCreated,
  CirclePostDeleted,
  CirclesContentReported,
  CircleForumContentModerated,
  CircleDeleted,
  EventCreated,
  EventApproved,
  EventRejected,
  EventUpdated,
  EventCancelled,
  RsvpChanged,
  WaitlistPromoted,
  ReminderDue,
  MeetupCreated,
  MeetupUpdated,
  MeetupCancelled,
  OccurrenceUpdated,
  OccurrenceCancelled,
  EventsCirclesThreatDetected,
];
