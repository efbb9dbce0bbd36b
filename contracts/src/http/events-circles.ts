import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { NoContent, Timestamp, Uuid } from './common.ts';
import { REPORT_REASON_MAX_LENGTH } from './community-feed.ts';

/*
 * events-circles (issue 16; spec 001 sections 2, 3, 4, 7; spec 000 communities, cities, badges): circles with
 * approval, membership and roles, updates and announcements, a forum of topics with discussions and replies, circle
 * posts and meetups (recurring series with occurrences); events with RSVP, capacity and a FIFO waitlist; reminders;
 * calendars (.ics and a private feed); event and circle recommendations with reasons.
 *
 * Times: an event's start and end are given as local wall-clock times in the place's IANA time zone
 * ("2026-03-29T19:00" in "Europe/Lisbon"); they are stored in UTC with the zone's name, and answered both ways
 * (`startsAt` UTC instant, `localStart` wall-clock in `timeZone`).
 */

const prefix = '/api/v1/events-circles';
const member = { kind: 'user' } as const;
/** Who may approve or reject circles and events (the admin dashboard's moderators). */
export const EVENTS_CIRCLES_REVIEWER_PERMISSIONS = ['system_admin', 'communities_update'] as const;
const reviewer = { kind: 'permission', anyOf: EVENTS_CIRCLES_REVIEWER_PERMISSIONS } as const;

/** Limits the spec leaves open ("not shown"), chosen for a calm community. */
export const CIRCLE_NAME_MAX_LENGTH = 100;
export const CIRCLE_DESCRIPTION_MAX_LENGTH = 5_000;
export const EVENT_TITLE_MAX_LENGTH = 150;
export const EVENT_DESCRIPTION_MAX_LENGTH = 10_000;
export const EVENT_ADDRESS_MAX_LENGTH = 300;
export const EVENT_CAPACITY_MAX = 10_000;
export const CIRCLE_POST_MAX_LENGTH = 10_000;
export const CIRCLE_TEXT_TITLE_MAX_LENGTH = 150;
export const CIRCLE_REPLY_MAX_LENGTH = 2_000;
export const REVIEW_REASON_MAX_LENGTH = 500;
export const EVENTS_PAGE_DEFAULT = 20;
export const EVENTS_PAGE_MAX = 100;
/** How far apart start and end may be (a retreat lasts days, not months). */
export const EVENT_MAX_DURATION_DAYS = 31;
/** The spec's notification metadata reminder_time: how long before the start a reminder goes out (default 1 hour). */
export const REMINDER_DEFAULT_MINUTES = 60;
/** The most occurrences one series expands to (a daily series without an end stops after about a year). */
export const MEETUP_MAX_OCCURRENCES = 366;
/** Upcoming near a city: within this many kilometres by default (the bench's query). */
export const NEARBY_DEFAULT_KM = 50;
export const EVENT_COVER_MAX_BYTES = 10_485_760;
export const EVENT_COVER_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** The practice categories of the catalogue (profile-onboarding), which circles and events are filed under. */
export const CIRCLE_CATEGORIES = [
  'practice',
  'tradition',
  'healing',
  'divination',
  'nature',
  'community',
] as const;
export type CircleCategory = (typeof CIRCLE_CATEGORIES)[number];
export const CircleCategory = Type.Union(CIRCLE_CATEGORIES.map((c) => Type.Literal(c)));

export const ApprovalStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);
export type ApprovalStatus = Static<typeof ApprovalStatus>;

/** open: anyone joins; request: a holder or moderator accepts; invitation: only invited members join. */
export const JoinPolicy = Type.Union([
  Type.Literal('open'),
  Type.Literal('request'),
  Type.Literal('invitation'),
]);
export type JoinPolicy = Static<typeof JoinPolicy>;

export const CircleRole = Type.Union([
  Type.Literal('holder'),
  Type.Literal('moderator'),
  Type.Literal('member'),
]);
export type CircleRole = Static<typeof CircleRole>;

/** Where the viewer stands with a circle. */
export const CircleStanding = Type.Union([
  Type.Literal('none'),
  Type.Literal('requested'),
  Type.Literal('invited'),
  Type.Literal('member'),
  Type.Literal('moderator'),
  Type.Literal('holder'),
]);
export type CircleStanding = Static<typeof CircleStanding>;

/**
 * Member text: its length is the sanitiser's rule (its message 'Input exceeds maximum length of N' is the answer),
 * so the schema states the limit without enforcing it.
 */
const MemberText = (maxLength: number) =>
  Type.String({
    description: `Member text, at most ${maxLength} characters (checked by the text sanitiser)`,
  });

/** A wall-clock time without zone, to the minute: 2026-03-29T19:00. */
export const LocalDateTime = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$',
  description: 'Local wall-clock time in the place time zone, YYYY-MM-DDTHH:mm',
});
/** A calendar date: 2026-12-31. */
export const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** An IANA time-zone name (Europe/Lisbon); checked against the runtime's zone database. */
export const TimeZoneName = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z][A-Za-z0-9_+\\-/]*$',
});

/** A city of the offline list as profile-onboarding's GET /cities answers it (the wizard's place picker). */
export const PlaceCity = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 20 }),
    label: Type.String({ minLength: 1, maxLength: 200 }),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    timeZone: TimeZoneName,
  },
  { additionalProperties: false },
);
export type PlaceCity = Static<typeof PlaceCity>;

export const EcMember = Type.Object({
  userId: Uuid,
  name: Type.String(),
  username: Type.String(),
  imageUrl: Type.Union([Type.String(), Type.Null()]),
});
export type EcMember = Static<typeof EcMember>;

export const CoverPhoto = Type.Object({
  photoId: Uuid,
  /** /api/v1/events-circles/photo-files/<photoId>.jpg */
  imageUrl: Type.String(),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
});
export type CoverPhoto = Static<typeof CoverPhoto>;

// ---------------------------------------------------------------- circles

export const Circle = Type.Object({
  id: Uuid,
  name: Type.String(),
  /** Sanitised HTML (b, i, em, strong, p, br, a href). */
  description: Type.String(),
  category: CircleCategory,
  joinPolicy: JoinPolicy,
  /** null: an online circle. */
  city: Type.Union([Type.Object({ id: Type.String(), label: Type.String() }), Type.Null()]),
  online: Type.Boolean(),
  coverUrl: Type.Union([Type.String(), Type.Null()]),
  approvalStatus: ApprovalStatus,
  /** Set when rejected: the reviewer's reason, shown to the creator. */
  rejectionReason: Type.Union([Type.String(), Type.Null()]),
  holder: EcMember,
  memberCount: Type.Integer({ minimum: 0 }),
  myStanding: CircleStanding,
  createdAt: Timestamp,
  /** True when a moderator hid it (issue 20): only its holder and reviewers still see it. Absent otherwise. */
  hidden: Type.Optional(Type.Boolean()),
});
export type Circle = Static<typeof Circle>;

export const CircleAbout = Type.Object({
  circle: Circle,
  /** Holders and moderators. */
  leaders: Type.Array(Type.Object({ member: EcMember, role: CircleRole })),
  upcomingMeetups: Type.Integer({ minimum: 0 }),
  upcomingEvents: Type.Integer({ minimum: 0 }),
  postCount: Type.Integer({ minimum: 0 }),
  discussionCount: Type.Integer({ minimum: 0 }),
});
export type CircleAbout = Static<typeof CircleAbout>;

export const CirclePage = Type.Object({
  circles: Type.Array(Circle),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type CirclePage = Static<typeof CirclePage>;

export const CircleQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100 })),
    category: Type.Optional(CircleCategory),
    cityId: Type.Optional(Type.String({ maxLength: 20 })),
    /** mine: circles I am a member of (any approval); new: newest approved; popular: most members. */
    view: Type.Optional(
      Type.Union([Type.Literal('all'), Type.Literal('mine'), Type.Literal('new'), Type.Literal('popular')]),
    ),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: EVENTS_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type CircleQuery = Static<typeof CircleQuery>;

export const CreateCircleBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: CIRCLE_NAME_MAX_LENGTH }),
    description: MemberText(CIRCLE_DESCRIPTION_MAX_LENGTH),
    category: CircleCategory,
    joinPolicy: JoinPolicy,
    /** Omit (or null) for an online circle. */
    city: Type.Optional(Type.Union([PlaceCity, Type.Null()])),
    /** A photo uploaded first through POST /api/v1/events-circles/photos. */
    coverPhotoId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateCircleBody = Static<typeof CreateCircleBody>;

export const UpdateCircleBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: CIRCLE_NAME_MAX_LENGTH })),
    description: Type.Optional(MemberText(CIRCLE_DESCRIPTION_MAX_LENGTH)),
    category: Type.Optional(CircleCategory),
    joinPolicy: Type.Optional(JoinPolicy),
    city: Type.Optional(Type.Union([PlaceCity, Type.Null()])),
    coverPhotoId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateCircleBody = Static<typeof UpdateCircleBody>;

export const ReviewBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
    /** Required when rejecting: shown to the creator. */
    reason: Type.Optional(Type.String({ maxLength: REVIEW_REASON_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type ReviewBody = Static<typeof ReviewBody>;

export const CircleMember = Type.Object({ member: EcMember, role: CircleRole, joinedAt: Timestamp });
export type CircleMember = Static<typeof CircleMember>;
export const CircleMemberList = Type.Object({ members: Type.Array(CircleMember) });

/** The answer to join, leave, request, invite: where the viewer (or the invited member) now stands. */
export const CircleMembershipState = Type.Object({
  circleId: Uuid,
  userId: Uuid,
  standing: CircleStanding,
  memberCount: Type.Integer({ minimum: 0 }),
});
export type CircleMembershipState = Static<typeof CircleMembershipState>;

export const JoinRequest = Type.Object({ member: EcMember, requestedAt: Timestamp });
export const CircleInvitation = Type.Object({ circle: Circle, invitedBy: EcMember, invitedAt: Timestamp });
export type CircleInvitation = Static<typeof CircleInvitation>;

export const CircleUpdateType = Type.Union([Type.Literal('announcement'), Type.Literal('update')]);
export const CircleUpdate = Type.Object({
  id: Uuid,
  circleId: Uuid,
  author: EcMember,
  /** announcement: a high-priority circle_update notification; update: medium. */
  updateType: CircleUpdateType,
  title: Type.String(),
  body: Type.String(),
  createdAt: Timestamp,
});
export type CircleUpdate = Static<typeof CircleUpdate>;
export const PostCircleUpdateBody = Type.Object(
  {
    updateType: CircleUpdateType,
    title: Type.String({ minLength: 1, maxLength: CIRCLE_TEXT_TITLE_MAX_LENGTH }),
    body: MemberText(CIRCLE_POST_MAX_LENGTH),
  },
  { additionalProperties: false },
);

export const ForumTopic = Type.Object({
  id: Uuid,
  circleId: Uuid,
  title: Type.String(),
  description: Type.String(),
  discussionCount: Type.Integer({ minimum: 0 }),
  createdBy: EcMember,
  createdAt: Timestamp,
});
export type ForumTopic = Static<typeof ForumTopic>;
export const CreateForumTopicBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: CIRCLE_TEXT_TITLE_MAX_LENGTH }),
    description: Type.Optional(MemberText(CIRCLE_REPLY_MAX_LENGTH)),
  },
  { additionalProperties: false },
);

export const CircleDiscussion = Type.Object({
  id: Uuid,
  circleId: Uuid,
  /** The forum topic it belongs to; null: a general discussion of the circle. */
  topicId: Type.Union([Uuid, Type.Null()]),
  author: EcMember,
  title: Type.String(),
  body: Type.String(),
  replyCount: Type.Integer({ minimum: 0 }),
  createdAt: Timestamp,
  lastActivityAt: Timestamp,
  /** True when a moderator hid it (issue 20): only its author and reviewers still see it. Absent otherwise. */
  hidden: Type.Optional(Type.Boolean()),
});
export type CircleDiscussion = Static<typeof CircleDiscussion>;
export const CircleDiscussionReply = Type.Object({
  id: Uuid,
  discussionId: Uuid,
  author: EcMember,
  body: Type.String(),
  createdAt: Timestamp,
  /** True when a moderator hid it (issue 20): only its author and reviewers still see it. Absent otherwise. */
  hidden: Type.Optional(Type.Boolean()),
});
export type CircleDiscussionReply = Static<typeof CircleDiscussionReply>;
export const CreateCircleDiscussionBody = Type.Object(
  {
    topicId: Type.Optional(Uuid),
    title: Type.String({ minLength: 1, maxLength: CIRCLE_TEXT_TITLE_MAX_LENGTH }),
    body: MemberText(CIRCLE_POST_MAX_LENGTH),
  },
  { additionalProperties: false },
);
export const CircleReplyBody = Type.Object(
  { body: MemberText(CIRCLE_REPLY_MAX_LENGTH) },
  { additionalProperties: false },
);

export const CIRCLE_REACTION_TYPES = ['like', 'love', 'namaste', 'insightful', 'support'] as const;
export const CircleReactionType = Type.Union(CIRCLE_REACTION_TYPES.map((t) => Type.Literal(t)));
export const CirclePost = Type.Object({
  id: Uuid,
  circleId: Uuid,
  /** The notification metadata's post_type. */
  postType: Type.Literal('circle'),
  author: EcMember,
  content: Type.String(),
  reactionCounts: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  myReaction: Type.Union([CircleReactionType, Type.Null()]),
  createdAt: Timestamp,
  /** True when a moderator hid it (issue 20): only its author and reviewers still see it. Absent otherwise. */
  hidden: Type.Optional(Type.Boolean()),
});
export type CirclePost = Static<typeof CirclePost>;
export const CreateCirclePostBody = Type.Object(
  { content: MemberText(CIRCLE_POST_MAX_LENGTH) },
  { additionalProperties: false },
);

// ---------------------------------------------------------------- events and meetups

export const EventType = Type.Union([
  Type.Literal('in_person'),
  Type.Literal('online'),
  Type.Literal('hybrid'),
]);
export type EventType = Static<typeof EventType>;

/** The viewer's answer and place: going, on the waitlist (position from 1), not going, or none yet. */
export const RsvpStatus = Type.Union([
  Type.Literal('going'),
  Type.Literal('waitlisted'),
  Type.Literal('not_going'),
  Type.Literal('none'),
]);
export type RsvpStatus = Static<typeof RsvpStatus>;

export const Attendance = Type.Object({
  /** null: no limit. */
  capacity: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  goingCount: Type.Integer({ minimum: 0 }),
  waitlistCount: Type.Integer({ minimum: 0 }),
  /** null: no limit. */
  spotsLeft: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  myStatus: RsvpStatus,
  /** 1 = next in line; null unless waitlisted. */
  myWaitlistPosition: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
});
export type Attendance = Static<typeof Attendance>;

export const EventPlace = Type.Object({
  /** null for an online event. */
  city: Type.Union([
    Type.Object({
      id: Type.String(),
      label: Type.String(),
      latitude: Type.Number(),
      longitude: Type.Number(),
    }),
    Type.Null(),
  ]),
  /** Shown only to the host and members going (null for others, and for online events). */
  address: Type.Union([Type.String(), Type.Null()]),
  /** Shown only to the host and members going (null for others, and for in-person events). */
  onlineUrl: Type.Union([Type.String(), Type.Null()]),
  /** For everyone else: that the address or link is shared with attendees. */
  hiddenUntilGoing: Type.Boolean(),
});
export type EventPlace = Static<typeof EventPlace>;

export const EventStatus = Type.Union([Type.Literal('scheduled'), Type.Literal('cancelled')]);

export const MerEvent = Type.Object({
  id: Uuid,
  title: Type.String(),
  description: Type.String(),
  category: CircleCategory,
  type: EventType,
  place: EventPlace,
  timeZone: Type.String(),
  startsAt: Timestamp,
  endsAt: Timestamp,
  localStart: LocalDateTime,
  localEnd: LocalDateTime,
  coverUrl: Type.Union([Type.String(), Type.Null()]),
  circle: Type.Union([Type.Object({ id: Uuid, name: Type.String() }), Type.Null()]),
  host: EcMember,
  approvalStatus: ApprovalStatus,
  rejectionReason: Type.Union([Type.String(), Type.Null()]),
  /** True when a moderator hid it (issue 20): only its host and reviewers still see it. Absent otherwise. */
  hidden: Type.Optional(Type.Boolean()),
  status: EventStatus,
  cancellationReason: Type.Union([Type.String(), Type.Null()]),
  attendance: Attendance,
  /** Distance from the searched city, when searching near one. */
  distanceKm: Type.Optional(Type.Number({ minimum: 0 })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type MerEvent = Static<typeof MerEvent>;

export const EventPage = Type.Object({
  events: Type.Array(MerEvent),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type EventPage = Static<typeof EventPage>;

export const EventQuery = Type.Object(
  {
    /**
     * upcoming (default): approved, scheduled, not ended; this-week: starting in the next 7 days; mine: hosting or
     * going or waitlisted (any approval); all: approved, past ones too.
     */
    view: Type.Optional(
      Type.Union([
        Type.Literal('upcoming'),
        Type.Literal('this-week'),
        Type.Literal('mine'),
        Type.Literal('all'),
      ]),
    ),
    /** Near a place: within radiusKm (default 50) of these coordinates, nearest first within a day. */
    near: Type.Optional(
      Type.String({ pattern: '^-?\\d{1,2}(\\.\\d+)?,-?\\d{1,3}(\\.\\d+)?$', description: 'lat,lon' }),
    ),
    radiusKm: Type.Optional(Type.Number({ minimum: 1, maximum: 500 })),
    cityId: Type.Optional(Type.String({ maxLength: 20 })),
    circleId: Type.Optional(Uuid),
    category: Type.Optional(CircleCategory),
    type: Type.Optional(EventType),
    from: Type.Optional(Timestamp),
    to: Type.Optional(Timestamp),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: EVENTS_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type EventQuery = Static<typeof EventQuery>;

const EventFields = {
  title: Type.String({ minLength: 1, maxLength: EVENT_TITLE_MAX_LENGTH }),
  description: MemberText(EVENT_DESCRIPTION_MAX_LENGTH),
  category: CircleCategory,
  type: EventType,
  /** Required for in_person and hybrid; for online, optional (its time zone is then timeZone). */
  city: Type.Optional(Type.Union([PlaceCity, Type.Null()])),
  /** Street address (in_person, hybrid), shown only to attendees. */
  address: Type.Optional(Type.Union([Type.String({ maxLength: EVENT_ADDRESS_MAX_LENGTH }), Type.Null()])),
  /** https link (online, hybrid), shown only to attendees. */
  onlineUrl: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  /** The zone of an online event without a city; a city's own zone wins otherwise. */
  timeZone: Type.Optional(TimeZoneName),
  localStart: LocalDateTime,
  localEnd: LocalDateTime,
  /** null or omitted: no limit. */
  capacity: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: EVENT_CAPACITY_MAX }), Type.Null()]),
  ),
  coverPhotoId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  /** A circle the host holds or moderates (approved). */
  circleId: Type.Optional(Type.Union([Uuid, Type.Null()])),
};

export const CreateEventBody = Type.Object(EventFields, { additionalProperties: false });
export type CreateEventBody = Static<typeof CreateEventBody>;

export const UpdateEventBody = Type.Partial(Type.Object(EventFields), {
  additionalProperties: false,
  minProperties: 1,
});
export type UpdateEventBody = Static<typeof UpdateEventBody>;

export const CancelBody = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: REVIEW_REASON_MAX_LENGTH })) },
  { additionalProperties: false },
);

export const RsvpBody = Type.Object(
  {
    status: Type.Union([Type.Literal('going'), Type.Literal('not_going')]),
    /** How long before the start the member wants the reminder, in minutes (default 60; 0: none). */
    reminderMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_080 })),
  },
  { additionalProperties: false },
);
export type RsvpBody = Static<typeof RsvpBody>;

/** The answer to an RSVP: the viewer's status and the gathering's counts after it. */
export const RsvpResult = Type.Object({
  /** The event id, or the occurrence id for a meetup occurrence. */
  targetId: Uuid,
  attendance: Attendance,
});
export type RsvpResult = Static<typeof RsvpResult>;

export const Attendee = Type.Object({
  member: EcMember,
  status: Type.Union([Type.Literal('going'), Type.Literal('waitlisted')]),
  /** Connections of the viewer come first. */
  isConnection: Type.Boolean(),
  waitlistPosition: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  respondedAt: Timestamp,
});
export type Attendee = Static<typeof Attendee>;
export const AttendeeList = Type.Object({
  going: Type.Array(Attendee),
  waitlist: Type.Array(Attendee),
});
export type AttendeeList = Static<typeof AttendeeList>;

export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** Recurrence as the wizard offers it (RFC 5545 RRULE under the hood, expanded in the meetup's time zone). */
export const Recurrence = Type.Object(
  {
    frequency: Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('monthly')]),
    /** Every n days/weeks/months (default 1). */
    interval: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
    /** weekly: the days (MO..SU); default the first occurrence's weekday. */
    weekdays: Type.Optional(
      Type.Array(Type.Union(WEEKDAY_CODES.map((d) => Type.Literal(d))), {
        minItems: 1,
        maxItems: 7,
        uniqueItems: true,
      }),
    ),
    /** monthly: by the date of the month (the 14th) or by weekday (the second Tuesday; -1 = last). */
    monthlyBy: Type.Optional(Type.Union([Type.Literal('date'), Type.Literal('weekday')])),
    /** End: a last date (inclusive, local) or a count; neither: a year ahead at most. */
    until: Type.Optional(LocalDate),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: MEETUP_MAX_OCCURRENCES })),
  },
  { additionalProperties: false },
);
export type Recurrence = Static<typeof Recurrence>;

export const MeetupOccurrence = Type.Object({
  id: Uuid,
  meetupId: Uuid,
  startsAt: Timestamp,
  endsAt: Timestamp,
  localStart: LocalDateTime,
  localEnd: LocalDateTime,
  status: EventStatus,
  /** This occurrence was edited on its own (its time or capacity differ from the series). */
  modified: Type.Boolean(),
  attendance: Attendance,
});
export type MeetupOccurrence = Static<typeof MeetupOccurrence>;

export const Meetup = Type.Object({
  id: Uuid,
  circleId: Uuid,
  circleName: Type.String(),
  title: Type.String(),
  description: Type.String(),
  type: EventType,
  place: EventPlace,
  timeZone: Type.String(),
  /** The first occurrence's local start and end; each occurrence keeps this wall-clock time across DST. */
  localStart: LocalDateTime,
  localEnd: LocalDateTime,
  recurrence: Type.Union([Recurrence, Type.Null()]),
  /** The RFC 5545 rule (RRULE:FREQ=WEEKLY;BYDAY=TU...), null for a single meetup. */
  rrule: Type.Union([Type.String(), Type.Null()]),
  capacity: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  host: EcMember,
  status: EventStatus,
  createdAt: Timestamp,
});
export type Meetup = Static<typeof Meetup>;

export const MeetupDetail = Type.Object({
  meetup: Meetup,
  /** Upcoming occurrences (from `from`, default now), at most `limit`. */
  occurrences: Type.Array(MeetupOccurrence),
});
export type MeetupDetail = Static<typeof MeetupDetail>;

const MeetupFields = {
  title: Type.String({ minLength: 1, maxLength: EVENT_TITLE_MAX_LENGTH }),
  description: MemberText(EVENT_DESCRIPTION_MAX_LENGTH),
  type: EventType,
  city: Type.Optional(Type.Union([PlaceCity, Type.Null()])),
  address: Type.Optional(Type.Union([Type.String({ maxLength: EVENT_ADDRESS_MAX_LENGTH }), Type.Null()])),
  onlineUrl: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  timeZone: Type.Optional(TimeZoneName),
  localStart: LocalDateTime,
  localEnd: LocalDateTime,
  capacity: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: EVENT_CAPACITY_MAX }), Type.Null()]),
  ),
  /** Omit or null for a single meetup. */
  recurrence: Type.Optional(Type.Union([Recurrence, Type.Null()])),
};
export const CreateMeetupBody = Type.Object(MeetupFields, { additionalProperties: false });
export type CreateMeetupBody = Static<typeof CreateMeetupBody>;
/** Edits the whole series: future occurrences not edited on their own follow (RSVPs kept where the occurrence stays). */
export const UpdateMeetupBody = Type.Object(
  {
    title: Type.Optional(MeetupFields.title),
    description: Type.Optional(MeetupFields.description),
    address: MeetupFields.address,
    onlineUrl: MeetupFields.onlineUrl,
    localStart: Type.Optional(LocalDateTime),
    localEnd: Type.Optional(LocalDateTime),
    capacity: MeetupFields.capacity,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateMeetupBody = Static<typeof UpdateMeetupBody>;
/** Edits one occurrence: its own time or capacity. */
export const UpdateOccurrenceBody = Type.Object(
  {
    localStart: Type.Optional(LocalDateTime),
    localEnd: Type.Optional(LocalDateTime),
    capacity: MeetupFields.capacity,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateOccurrenceBody = Static<typeof UpdateOccurrenceBody>;

// ---------------------------------------------------------------- calendars and recommendations

export const CalendarFeed = Type.Object({
  /** The secret, subscribable URL (webcal-ready https); anyone with it can read the member's plans. */
  url: Type.String(),
  createdAt: Timestamp,
});
export type CalendarFeed = Static<typeof CalendarFeed>;

export const RecommendationReason = Type.Object({
  /** A stable code: shared-practice, nearby, circle-member, connections-going, popular, new, similar-to-joined. */
  code: Type.String(),
  /** Plain words: "3 of your connections are going", "12 km from you". */
  text: Type.String(),
});
export type RecommendationReason = Static<typeof RecommendationReason>;

export const EventRecommendation = Type.Object({
  event: MerEvent,
  score: Type.Number(),
  reasons: Type.Array(RecommendationReason),
});
export type EventRecommendation = Static<typeof EventRecommendation>;
export const CircleRecommendation = Type.Object({
  circle: Circle,
  score: Type.Number(),
  reasons: Type.Array(RecommendationReason),
});
export type CircleRecommendation = Static<typeof CircleRecommendation>;

/** /discover and /engage: recommended events and circles with reasons, trending events and new circles. */
export const Recommendations = Type.Object({
  events: Type.Array(EventRecommendation),
  circles: Type.Array(CircleRecommendation),
  /** Most RSVPs in the last 7 days, upcoming. */
  trendingEvents: Type.Array(MerEvent),
  /** Newest approved circles. */
  newCircles: Type.Array(Circle),
  /** Which model ranked them (its version; 0 = the hand-set prior before any training). */
  modelVersion: Type.Integer({ minimum: 0 }),
});
export type Recommendations = Static<typeof Recommendations>;

export const DismissBody = Type.Object(
  { kind: Type.Union([Type.Literal('event'), Type.Literal('circle')]), id: Uuid },
  { additionalProperties: false },
);

export const RunRemindersBody = Type.Object(
  {
    /** Test topology only (EVENTS_CIRCLES_TEST_CLOCK=1): treat this instant as now. */
    now: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
export const RunRemindersResult = Type.Object({ sent: Type.Integer({ minimum: 0 }) });

/** What a member may report here; the reason is plain text, as the feed's report (REPORT_REASON_MAX_LENGTH). */
export const CIRCLES_REPORT_TARGET_TYPES = [
  'circle',
  'event',
  'circle_post',
  'circle_discussion',
  'circle_discussion_reply',
] as const;
export const CirclesReportBody = Type.Object(
  {
    targetType: Type.Union(CIRCLES_REPORT_TARGET_TYPES.map((t) => Type.Literal(t))),
    targetId: Uuid,
    reason: Type.String({ maxLength: REPORT_REASON_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type CirclesReportBody = Static<typeof CirclesReportBody>;
export const CirclesReportReceipt = Type.Object({
  reportId: Uuid,
  /** True when this member had reported the item already (the existing report is answered). */
  alreadyReported: Type.Boolean(),
});
export type CirclesReportReceipt = Static<typeof CirclesReportReceipt>;

const CircleParams = Type.Object({ circleId: Uuid });
const EventParams = Type.Object({ eventId: Uuid });
const MeetupParams = Type.Object({ meetupId: Uuid });
const OccurrenceParams = Type.Object({ meetupId: Uuid, occurrenceId: Uuid });
const ListLimit = Type.Object(
  {
    before: Type.Optional(Timestamp),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: EVENTS_PAGE_MAX })),
  },
  { additionalProperties: false },
);
const Calendar = Type.String({ description: 'An iCalendar (RFC 5545) document, text/calendar' });

/** Every REST route of events-circles. The gateway forwards /api/v1/events-circles/... here. */
export const eventsCirclesRoutes = defineRoutes('events-circles', {
  // ---------------------------------------------------------------- circles
  circles: {
    method: 'GET',
    path: `${prefix}/circles`,
    summary:
      'Approved circles (/circles, /all-circles): search, category, city; mine, new or popular; keyset pages',
    access: member,
    querystring: CircleQuery,
    response: { 200: CirclePage },
  },
  createCircle: {
    method: 'POST',
    path: `${prefix}/circles`,
    summary: 'A paid member creates a circle; it waits for approval (pending) and its creator is its holder',
    access: member,
    body: CreateCircleBody,
    response: { 201: Circle },
  },
  circle: {
    method: 'GET',
    path: `${prefix}/circles/:circleId`,
    summary: 'A circle (approved; its holder and reviewers also see it pending or rejected)',
    access: member,
    params: CircleParams,
    response: { 200: Circle },
  },
  circleAbout: {
    method: 'GET',
    path: `${prefix}/circles/:circleId/about`,
    summary: 'The about page: the circle, its leaders and counts',
    access: member,
    params: CircleParams,
    response: { 200: CircleAbout },
  },
  updateCircle: {
    method: 'PATCH',
    path: `${prefix}/circles/:circleId`,
    summary: 'The holder edits the circle',
    access: member,
    params: CircleParams,
    body: UpdateCircleBody,
    response: { 200: Circle },
  },
  pendingCircles: {
    method: 'GET',
    path: `${prefix}/review/circles`,
    summary: 'Reviewers: circles waiting for approval, oldest first',
    access: reviewer,
    response: { 200: Type.Object({ circles: Type.Array(Circle) }) },
  },
  reviewCircle: {
    method: 'PUT',
    path: `${prefix}/review/circles/:circleId`,
    summary: 'Reviewers approve a circle or reject it with a reason (only approved circles are listed)',
    access: reviewer,
    params: CircleParams,
    body: ReviewBody,
    response: { 200: Circle },
  },
  joinCircle: {
    method: 'POST',
    path: `${prefix}/circles/:circleId/membership`,
    summary: 'Join an open circle, ask to join one by request, or accept an invitation to one by invitation',
    access: member,
    params: CircleParams,
    response: { 200: CircleMembershipState },
  },
  leaveCircle: {
    method: 'DELETE',
    path: `${prefix}/circles/:circleId/membership`,
    summary: 'Leave the circle, withdraw a request or decline an invitation (a holder hands over first)',
    access: member,
    params: CircleParams,
    response: { 200: CircleMembershipState },
  },
  circleMembers: {
    method: 'GET',
    path: `${prefix}/circles/:circleId/members`,
    summary: 'The member list: holders, moderators, then members by joining date',
    access: member,
    params: CircleParams,
    response: { 200: CircleMemberList },
  },
  setCircleRole: {
    method: 'PUT',
    path: `${prefix}/circles/:circleId/members/:userId/role`,
    summary: 'The holder makes a member moderator or member, or hands over holding (becoming moderator)',
    access: member,
    params: Type.Object({ circleId: Uuid, userId: Uuid }),
    body: Type.Object({ role: CircleRole }, { additionalProperties: false }),
    response: { 200: CircleMember },
  },
  removeCircleMember: {
    method: 'DELETE',
    path: `${prefix}/circles/:circleId/members/:userId`,
    summary: 'A holder or moderator removes a member (not a holder)',
    access: member,
    params: Type.Object({ circleId: Uuid, userId: Uuid }),
    response: { 204: NoContent },
  },
  joinRequests: {
    method: 'GET',
    path: `${prefix}/circles/:circleId/requests`,
    summary: 'Holders and moderators: members asking to join, oldest first',
    access: member,
    params: CircleParams,
    response: { 200: Type.Object({ requests: Type.Array(JoinRequest) }) },
  },
  answerJoinRequest: {
    method: 'PUT',
    path: `${prefix}/circles/:circleId/requests/:userId`,
    summary: 'A holder or moderator accepts or declines a request to join',
    access: member,
    params: Type.Object({ circleId: Uuid, userId: Uuid }),
    body: Type.Object({ accept: Type.Boolean() }, { additionalProperties: false }),
    response: { 200: CircleMembershipState },
  },
  inviteToCircle: {
    method: 'POST',
    path: `${prefix}/circles/:circleId/invitations`,
    summary:
      'A circle member invites a member (any circle member for open circles; holders and moderators otherwise)',
    access: member,
    params: CircleParams,
    body: Type.Object({ userId: Uuid }, { additionalProperties: false }),
    response: { 201: CircleMembershipState },
  },
  myCircleInvitations: {
    method: 'GET',
    path: `${prefix}/me/circle-invitations`,
    summary: "The member's open circle invitations",
    access: member,
    response: { 200: Type.Object({ invitations: Type.Array(CircleInvitation) }) },
  },
  circleUpdates: {
    method: 'GET',
    path: `${prefix}/circles/:circleId/updates`,
    summary: 'Updates and announcements, newest first',
    access: member,
    params: CircleParams,
    querystring: ListLimit,
    response: { 200: Type.Object({ updates: Type.Array(CircleUpdate) }) },
  },
  postCircleUpdate: {
    method: 'POST',
    path: `${prefix}/circles/:circleId/updates`,
    summary: 'A holder or moderator posts an update or an announcement (members are told)',
    access: member,
    params: CircleParams,
    body: PostCircleUpdateBody,
    response: { 201: CircleUpdate },
  },
  forumTopics: {
    method: 'GET',
    path: `${prefix}/circles/:circleId/forum`,
    summary: 'The forum: its topics',
    access: member,
    params: CircleParams,
    response: { 200: Type.Object({ topics: Type.Array(ForumTopic) }) },
  },
  createForumTopic: {
    method: 'POST',
    path: `${prefix}/circles/:circleId/forum`,
    summary: 'A holder or moderator opens a forum topic',
    access: member,
    params: CircleParams,
    body: CreateForumTopicBody,
    response: { 201: ForumTopic },
  },
  forumTopic: {
    method: 'GET',
    path: `${prefix}/circles/:circleId/forum/:topicId`,
    summary: 'A topic with its discussions, most recently active first (/circles/{id}/forum/{topicId})',
    access: member,
    params: Type.Object({ circleId: Uuid, topicId: Uuid }),
    response: { 200: Type.Object({ topic: ForumTopic, discussions: Type.Array(CircleDiscussion) }) },
  },
  circleDiscussions: {
    method: 'GET',
    path: `${prefix}/circles/:circleId/discussions`,
    summary: "The circle's discussions, most recently active first",
    access: member,
    params: CircleParams,
    response: { 200: Type.Object({ discussions: Type.Array(CircleDiscussion) }) },
  },
  createCircleDiscussion: {
    method: 'POST',
    path: `${prefix}/circles/:circleId/discussions`,
    summary: 'A circle member opens a discussion (optionally under a forum topic)',
    access: member,
    params: CircleParams,
    body: CreateCircleDiscussionBody,
    response: { 201: CircleDiscussion },
  },
  circleDiscussion: {
    method: 'GET',
    path: `${prefix}/circles/:circleId/discussions/:discussionId`,
    summary: 'A discussion with its replies, oldest first',
    access: member,
    params: Type.Object({ circleId: Uuid, discussionId: Uuid }),
    response: {
      200: Type.Object({ discussion: CircleDiscussion, replies: Type.Array(CircleDiscussionReply) }),
    },
  },
  replyToCircleDiscussion: {
    method: 'POST',
    path: `${prefix}/circles/:circleId/discussions/:discussionId/replies`,
    summary: 'A circle member replies',
    access: member,
    params: Type.Object({ circleId: Uuid, discussionId: Uuid }),
    body: CircleReplyBody,
    response: { 201: CircleDiscussionReply },
  },
  circlePosts: {
    method: 'GET',
    path: `${prefix}/circles/:circleId/posts`,
    summary: "The circle's posts, newest first",
    access: member,
    params: CircleParams,
    querystring: ListLimit,
    response: { 200: Type.Object({ posts: Type.Array(CirclePost) }) },
  },
  createCirclePost: {
    method: 'POST',
    path: `${prefix}/circles/:circleId/posts`,
    summary: 'A circle member posts (sanitised like the feed)',
    access: member,
    params: CircleParams,
    body: CreateCirclePostBody,
    response: { 201: CirclePost },
  },
  circlePost: {
    method: 'GET',
    path: `${prefix}/circles/:circleId/posts/:postId`,
    summary: 'One circle post (/circles/{id}/posts/{postId})',
    access: member,
    params: Type.Object({ circleId: Uuid, postId: Uuid }),
    response: { 200: CirclePost },
  },
  deleteCirclePost: {
    method: 'DELETE',
    path: `${prefix}/circles/:circleId/posts/:postId`,
    summary: 'The author, a holder or moderator deletes a circle post',
    access: member,
    params: Type.Object({ circleId: Uuid, postId: Uuid }),
    response: { 204: NoContent },
  },
  reactToCirclePost: {
    method: 'PUT',
    path: `${prefix}/circles/:circleId/posts/:postId/reactions/me`,
    summary: "Sets the member's one reaction on a circle post",
    access: member,
    params: Type.Object({ circleId: Uuid, postId: Uuid }),
    body: Type.Object({ type: CircleReactionType }, { additionalProperties: false }),
    response: { 200: CirclePost },
  },
  unreactToCirclePost: {
    method: 'DELETE',
    path: `${prefix}/circles/:circleId/posts/:postId/reactions/me`,
    summary: "Removes the member's reaction",
    access: member,
    params: Type.Object({ circleId: Uuid, postId: Uuid }),
    response: { 200: CirclePost },
  },
  // ---------------------------------------------------------------- meetups
  circleMeetups: {
    method: 'GET',
    path: `${prefix}/circles/:circleId/meetups`,
    summary: "The circle's meetups, each with its next occurrences",
    access: member,
    params: CircleParams,
    response: { 200: Type.Object({ meetups: Type.Array(MeetupDetail) }) },
  },
  createMeetup: {
    method: 'POST',
    path: `${prefix}/circles/:circleId/meetups`,
    summary:
      'A holder or moderator creates a meetup, once or recurring (expanded per occurrence, DST-correct)',
    access: member,
    params: CircleParams,
    body: CreateMeetupBody,
    response: { 201: MeetupDetail },
  },
  meetup: {
    method: 'GET',
    path: `${prefix}/meetups/:meetupId`,
    summary: 'A meetup with its occurrences from `from` (default now)',
    access: member,
    params: MeetupParams,
    querystring: Type.Object(
      {
        from: Type.Optional(Timestamp),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MEETUP_MAX_OCCURRENCES })),
      },
      { additionalProperties: false },
    ),
    response: { 200: MeetupDetail },
  },
  updateMeetup: {
    method: 'PATCH',
    path: `${prefix}/meetups/:meetupId`,
    summary: 'The host (or a circle holder or moderator) edits the whole series; attendees are told',
    access: member,
    params: MeetupParams,
    body: UpdateMeetupBody,
    response: { 200: MeetupDetail },
  },
  cancelMeetup: {
    method: 'POST',
    path: `${prefix}/meetups/:meetupId/cancel`,
    summary: 'Cancels the whole series (every future occurrence); attendees are told',
    access: member,
    params: MeetupParams,
    body: CancelBody,
    response: { 200: MeetupDetail },
  },
  updateOccurrence: {
    method: 'PATCH',
    path: `${prefix}/meetups/:meetupId/occurrences/:occurrenceId`,
    summary: 'Edits one occurrence (its time or capacity); its attendees are told',
    access: member,
    params: OccurrenceParams,
    body: UpdateOccurrenceBody,
    response: { 200: MeetupOccurrence },
  },
  cancelOccurrence: {
    method: 'POST',
    path: `${prefix}/meetups/:meetupId/occurrences/:occurrenceId/cancel`,
    summary: 'Cancels one occurrence; its attendees are told',
    access: member,
    params: OccurrenceParams,
    body: CancelBody,
    response: { 200: MeetupOccurrence },
  },
  occurrenceRsvp: {
    method: 'PUT',
    path: `${prefix}/meetups/:meetupId/occurrences/:occurrenceId/rsvp`,
    summary: 'Going or not going to one occurrence (circle members; capacity with a FIFO waitlist)',
    access: member,
    params: OccurrenceParams,
    body: RsvpBody,
    response: { 200: RsvpResult },
  },
  occurrenceAttendees: {
    method: 'GET',
    path: `${prefix}/meetups/:meetupId/occurrences/:occurrenceId/attendees`,
    summary: "An occurrence's attendees and waitlist (the viewer's connections first)",
    access: member,
    params: OccurrenceParams,
    response: { 200: AttendeeList },
  },
  // ---------------------------------------------------------------- events
  events: {
    method: 'GET',
    path: `${prefix}/events`,
    summary:
      'Events: upcoming (near a place, by city, circle, category), this week, mine, or all; soonest first',
    access: member,
    querystring: EventQuery,
    response: { 200: EventPage },
  },
  createEvent: {
    method: 'POST',
    path: `${prefix}/events`,
    summary: "A paid member creates an event (the wizard's data); it waits for approval",
    access: member,
    body: CreateEventBody,
    response: { 201: MerEvent },
  },
  event: {
    method: 'GET',
    path: `${prefix}/events/:eventId`,
    summary: 'An event (address and link only for the host and members going)',
    access: member,
    params: EventParams,
    response: { 200: MerEvent },
  },
  updateEvent: {
    method: 'PATCH',
    path: `${prefix}/events/:eventId`,
    summary: 'The host edits the event; attendees are told (a larger capacity promotes from the waitlist)',
    access: member,
    params: EventParams,
    body: UpdateEventBody,
    response: { 200: MerEvent },
  },
  cancelEvent: {
    method: 'POST',
    path: `${prefix}/events/:eventId/cancel`,
    summary: 'The host (or a reviewer) cancels the event; attendees are told',
    access: member,
    params: EventParams,
    body: CancelBody,
    response: { 200: MerEvent },
  },
  pendingEvents: {
    method: 'GET',
    path: `${prefix}/review/events`,
    summary: 'Reviewers: events waiting for approval, oldest first',
    access: reviewer,
    response: { 200: Type.Object({ events: Type.Array(MerEvent) }) },
  },
  reviewEvent: {
    method: 'PUT',
    path: `${prefix}/review/events/:eventId`,
    summary: 'Reviewers approve an event or reject it with a reason',
    access: reviewer,
    params: EventParams,
    body: ReviewBody,
    response: { 200: MerEvent },
  },
  eventRsvp: {
    method: 'PUT',
    path: `${prefix}/events/:eventId/rsvp`,
    summary:
      'Going or not going: going takes a spot or joins the waitlist (first in, first out); leaving a spot promotes the next',
    access: member,
    params: EventParams,
    body: RsvpBody,
    response: { 200: RsvpResult },
  },
  eventAttendees: {
    method: 'GET',
    path: `${prefix}/events/:eventId/attendees`,
    summary: "The attendees and waitlist (the viewer's connections first)",
    access: member,
    params: EventParams,
    response: { 200: AttendeeList },
  },
  eventCalendar: {
    method: 'GET',
    path: `${prefix}/events/:eventId/calendar.ics`,
    summary: 'The event as an .ics file with its time zone (VTIMEZONE); the place in full for attendees',
    access: member,
    params: EventParams,
    produces: 'text/calendar',
    response: { 200: Calendar },
  },
  occurrenceCalendar: {
    method: 'GET',
    path: `${prefix}/meetups/:meetupId/calendar.ics`,
    summary: 'A meetup as an .ics file: the series with its RRULE (and cancelled dates as EXDATE)',
    access: member,
    params: MeetupParams,
    produces: 'text/calendar',
    response: { 200: Calendar },
  },
  uploadCover: {
    method: 'POST',
    path: `${prefix}/photos`,
    summary:
      'Upload a cover image (circle or event) as raw bytes: type sniffed, re-encoded JPEG, at most 2048 px, no EXIF',
    access: { kind: 'user', loginMessage: 'You must be logged in to upload images' },
    rawBody: {
      contentTypes: EVENT_COVER_UPLOAD_TYPES,
      maxBytes: EVENT_COVER_MAX_BYTES,
      tooLargeMessage: 'File size must be less than 10MB',
    },
    response: { 201: CoverPhoto },
  },
  photoFile: {
    method: 'GET',
    path: `${prefix}/photo-files/:fileName`,
    summary: 'A stored cover image (JPEG) under its unguessable name',
    access: { kind: 'public' },
    params: Type.Object({
      fileName: Type.String({
        pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.jpg$',
        maxLength: 40,
      }),
    }),
    produces: 'image/jpeg',
    response: { 200: Type.String({ format: 'binary', description: 'The JPEG bytes' }) },
  },
  // ---------------------------------------------------------------- calendars
  myCalendarFeed: {
    method: 'GET',
    path: `${prefix}/me/calendar-feed`,
    summary: "The member's private calendar feed URL (created on first ask)",
    access: member,
    response: { 200: CalendarFeed },
  },
  resetCalendarFeed: {
    method: 'POST',
    path: `${prefix}/me/calendar-feed/reset`,
    summary: 'A new secret feed URL; the old one stops working at once',
    access: member,
    response: { 200: CalendarFeed },
  },
  calendarFeed: {
    method: 'GET',
    path: `${prefix}/calendar-feeds/:token`,
    summary:
      "A member's feed of everything they are going to (events, and meetup series with RRULE), by its secret token",
    access: { kind: 'public' },
    params: Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{32,64}\\.ics$', maxLength: 70 }) }),
    produces: 'text/calendar',
    response: { 200: Calendar },
  },
  // ---------------------------------------------------------------- recommendations
  recommendations: {
    method: 'GET',
    path: `${prefix}/recommendations`,
    summary: '/discover and /engage: events and circles for me with reasons, trending events, new circles',
    access: member,
    querystring: Type.Object(
      { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) },
      { additionalProperties: false },
    ),
    response: { 200: Recommendations },
  },
  dismissRecommendation: {
    method: 'POST',
    path: `${prefix}/recommendations/dismissals`,
    summary: 'Not interested: the event or circle is no longer suggested (and teaches the model)',
    access: member,
    body: DismissBody,
    response: { 204: NoContent },
  },
  // ---------------------------------------------------------------- reports
  report: {
    method: 'POST',
    path: `${prefix}/reports`,
    summary:
      'A member with an active membership reports a circle, an event, a circle post, discussion or reply to the moderators; once per item',
    access: member,
    body: CirclesReportBody,
    response: { 201: CirclesReportReceipt },
  },
  // ---------------------------------------------------------------- operations
  runReminders: {
    method: 'POST',
    path: `${prefix}/ops/reminders/run`,
    summary: 'Operators: send the reminders due now (the scheduler does this every few seconds)',
    access: { kind: 'operator' },
    body: RunRemindersBody,
    response: { 200: RunRemindersResult },
  },
});
