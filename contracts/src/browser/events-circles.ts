// Generated from routesByService by contracts/scripts/generate-browser-routes.ts: do not edit.
import type { RoutesByService } from '../index.ts';
import type { BrowserRouteOf } from './route.ts';

type Routes = RoutesByService['events-circles'];

/** Approved circles (/circles, /all-circles): search, category, city; mine, new or popular; keyset pages */
export const circles: BrowserRouteOf<Routes['circles']> = {
  method: 'GET',
  path: '/api/v1/events-circles/circles',
  access: 'user',
};

/** A paid member creates a circle; it waits for approval (pending) and its creator is its holder */
export const createCircle: BrowserRouteOf<Routes['createCircle']> = {
  method: 'POST',
  path: '/api/v1/events-circles/circles',
  access: 'user',
};

/** A circle (approved; its holder and reviewers also see it pending or rejected) */
export const circle: BrowserRouteOf<Routes['circle']> = {
  method: 'GET',
  path: '/api/v1/events-circles/circles/:circleId',
  access: 'user',
};

/** The about page: the circle, its leaders and counts */
export const circleAbout: BrowserRouteOf<Routes['circleAbout']> = {
  method: 'GET',
  path: '/api/v1/events-circles/circles/:circleId/about',
  access: 'user',
};

/** The holder edits the circle */
export const updateCircle: BrowserRouteOf<Routes['updateCircle']> = {
  method: 'PATCH',
  path: '/api/v1/events-circles/circles/:circleId',
  access: 'user',
};

/** Reviewers: circles waiting for approval, oldest first */
export const pendingCircles: BrowserRouteOf<Routes['pendingCircles']> = {
  method: 'GET',
  path: '/api/v1/events-circles/review/circles',
  access: 'user',
};

/** Reviewers approve a circle or reject it with a reason (only approved circles are listed) */
export const reviewCircle: BrowserRouteOf<Routes['reviewCircle']> = {
  method: 'PUT',
  path: '/api/v1/events-circles/review/circles/:circleId',
  access: 'user',
};

/** Join an open circle, ask to join one by request, or accept an invitation to one by invitation */
export const joinCircle: BrowserRouteOf<Routes['joinCircle']> = {
  method: 'POST',
  path: '/api/v1/events-circles/circles/:circleId/membership',
  access: 'user',
};

/** Leave the circle, withdraw a request or decline an invitation (a holder hands over first) */
export const leaveCircle: BrowserRouteOf<Routes['leaveCircle']> = {
  method: 'DELETE',
  path: '/api/v1/events-circles/circles/:circleId/membership',
  access: 'user',
};

/** The member list: holders, moderators, then members by joining date */
export const circleMembers: BrowserRouteOf<Routes['circleMembers']> = {
  method: 'GET',
  path: '/api/v1/events-circles/circles/:circleId/members',
  access: 'user',
};

/** The holder makes a member moderator or member, or hands over holding (becoming moderator) */
export const setCircleRole: BrowserRouteOf<Routes['setCircleRole']> = {
  method: 'PUT',
  path: '/api/v1/events-circles/circles/:circleId/members/:userId/role',
  access: 'user',
};

/** A holder or moderator removes a member (not a holder) */
export const removeCircleMember: BrowserRouteOf<Routes['removeCircleMember']> = {
  method: 'DELETE',
  path: '/api/v1/events-circles/circles/:circleId/members/:userId',
  access: 'user',
};

/** Holders and moderators: members asking to join, oldest first */
export const joinRequests: BrowserRouteOf<Routes['joinRequests']> = {
  method: 'GET',
  path: '/api/v1/events-circles/circles/:circleId/requests',
  access: 'user',
};

/** A holder or moderator accepts or declines a request to join */
export const answerJoinRequest: BrowserRouteOf<Routes['answerJoinRequest']> = {
  method: 'PUT',
  path: '/api/v1/events-circles/circles/:circleId/requests/:userId',
  access: 'user',
};

/** A circle member invites a member (any circle member for open circles; holders and moderators otherwise) */
export const inviteToCircle: BrowserRouteOf<Routes['inviteToCircle']> = {
  method: 'POST',
  path: '/api/v1/events-circles/circles/:circleId/invitations',
  access: 'user',
};

/** The member's open circle invitations */
export const myCircleInvitations: BrowserRouteOf<Routes['myCircleInvitations']> = {
  method: 'GET',
  path: '/api/v1/events-circles/me/circle-invitations',
  access: 'user',
};

/** Updates and announcements, newest first */
export const circleUpdates: BrowserRouteOf<Routes['circleUpdates']> = {
  method: 'GET',
  path: '/api/v1/events-circles/circles/:circleId/updates',
  access: 'user',
};

/** A holder or moderator posts an update or an announcement (members are told) */
export const postCircleUpdate: BrowserRouteOf<Routes['postCircleUpdate']> = {
  method: 'POST',
  path: '/api/v1/events-circles/circles/:circleId/updates',
  access: 'user',
};

/** The forum: its topics */
export const forumTopics: BrowserRouteOf<Routes['forumTopics']> = {
  method: 'GET',
  path: '/api/v1/events-circles/circles/:circleId/forum',
  access: 'user',
};

/** A holder or moderator opens a forum topic */
export const createForumTopic: BrowserRouteOf<Routes['createForumTopic']> = {
  method: 'POST',
  path: '/api/v1/events-circles/circles/:circleId/forum',
  access: 'user',
};

/** A topic with its discussions, most recently active first (/circles/{id}/forum/{topicId}) */
export const forumTopic: BrowserRouteOf<Routes['forumTopic']> = {
  method: 'GET',
  path: '/api/v1/events-circles/circles/:circleId/forum/:topicId',
  access: 'user',
};

/** The circle's discussions, most recently active first */
export const circleDiscussions: BrowserRouteOf<Routes['circleDiscussions']> = {
  method: 'GET',
  path: '/api/v1/events-circles/circles/:circleId/discussions',
  access: 'user',
};

/** A circle member opens a discussion (optionally under a forum topic) */
export const createCircleDiscussion: BrowserRouteOf<Routes['createCircleDiscussion']> = {
  method: 'POST',
  path: '/api/v1/events-circles/circles/:circleId/discussions',
  access: 'user',
};

/** A discussion with its replies, oldest first */
export const circleDiscussion: BrowserRouteOf<Routes['circleDiscussion']> = {
  method: 'GET',
  path: '/api/v1/events-circles/circles/:circleId/discussions/:discussionId',
  access: 'user',
};

/** A circle member replies */
export const replyToCircleDiscussion: BrowserRouteOf<Routes['replyToCircleDiscussion']> = {
  method: 'POST',
  path: '/api/v1/events-circles/circles/:circleId/discussions/:discussionId/replies',
  access: 'user',
};

/** The circle's posts, newest first */
export const circlePosts: BrowserRouteOf<Routes['circlePosts']> = {
  method: 'GET',
  path: '/api/v1/events-circles/circles/:circleId/posts',
  access: 'user',
};

/** A circle member posts (sanitised like the feed) */
export const createCirclePost: BrowserRouteOf<Routes['createCirclePost']> = {
  method: 'POST',
  path: '/api/v1/events-circles/circles/:circleId/posts',
  access: 'user',
};

/** One circle post (/circles/{id}/posts/{postId}) */
export const circlePost: BrowserRouteOf<Routes['circlePost']> = {
  method: 'GET',
  path: '/api/v1/events-circles/circles/:circleId/posts/:postId',
  access: 'user',
};

/** The author, a holder or moderator deletes a circle post */
export const deleteCirclePost: BrowserRouteOf<Routes['deleteCirclePost']> = {
  method: 'DELETE',
  path: '/api/v1/events-circles/circles/:circleId/posts/:postId',
  access: 'user',
};

/** Sets the member's one reaction on a circle post */
export const reactToCirclePost: BrowserRouteOf<Routes['reactToCirclePost']> = {
  method: 'PUT',
  path: '/api/v1/events-circles/circles/:circleId/posts/:postId/reactions/me',
  access: 'user',
};

/** Removes the member's reaction */
export const unreactToCirclePost: BrowserRouteOf<Routes['unreactToCirclePost']> = {
  method: 'DELETE',
  path: '/api/v1/events-circles/circles/:circleId/posts/:postId/reactions/me',
  access: 'user',
};

/** The circle's meetups, each with its next occurrences */
export const circleMeetups: BrowserRouteOf<Routes['circleMeetups']> = {
  method: 'GET',
  path: '/api/v1/events-circles/circles/:circleId/meetups',
  access: 'user',
};

/** A holder or moderator creates a meetup, once or recurring (expanded per occurrence, DST-correct) */
export const createMeetup: BrowserRouteOf<Routes['createMeetup']> = {
  method: 'POST',
  path: '/api/v1/events-circles/circles/:circleId/meetups',
  access: 'user',
};

/** A meetup with its occurrences from `from` (default now) */
export const meetup: BrowserRouteOf<Routes['meetup']> = {
  method: 'GET',
  path: '/api/v1/events-circles/meetups/:meetupId',
  access: 'user',
};

/** The host (or a circle holder or moderator) edits the whole series; attendees are told */
export const updateMeetup: BrowserRouteOf<Routes['updateMeetup']> = {
  method: 'PATCH',
  path: '/api/v1/events-circles/meetups/:meetupId',
  access: 'user',
};

/** Cancels the whole series (every future occurrence); attendees are told */
export const cancelMeetup: BrowserRouteOf<Routes['cancelMeetup']> = {
  method: 'POST',
  path: '/api/v1/events-circles/meetups/:meetupId/cancel',
  access: 'user',
};

/** Edits one occurrence (its time or capacity); its attendees are told */
export const updateOccurrence: BrowserRouteOf<Routes['updateOccurrence']> = {
  method: 'PATCH',
  path: '/api/v1/events-circles/meetups/:meetupId/occurrences/:occurrenceId',
  access: 'user',
};

/** Cancels one occurrence; its attendees are told */
export const cancelOccurrence: BrowserRouteOf<Routes['cancelOccurrence']> = {
  method: 'POST',
  path: '/api/v1/events-circles/meetups/:meetupId/occurrences/:occurrenceId/cancel',
  access: 'user',
};

/** Going or not going to one occurrence (circle members; capacity with a FIFO waitlist) */
export const occurrenceRsvp: BrowserRouteOf<Routes['occurrenceRsvp']> = {
  method: 'PUT',
  path: '/api/v1/events-circles/meetups/:meetupId/occurrences/:occurrenceId/rsvp',
  access: 'user',
};

/** An occurrence's attendees and waitlist (the viewer's connections first) */
export const occurrenceAttendees: BrowserRouteOf<Routes['occurrenceAttendees']> = {
  method: 'GET',
  path: '/api/v1/events-circles/meetups/:meetupId/occurrences/:occurrenceId/attendees',
  access: 'user',
};

/** Events: upcoming (near a place, by city, circle, category), this week, mine, or all; soonest first */
export const events: BrowserRouteOf<Routes['events']> = {
  method: 'GET',
  path: '/api/v1/events-circles/events',
  access: 'user',
};

/** A paid member creates an event (the wizard's data); it waits for approval */
export const createEvent: BrowserRouteOf<Routes['createEvent']> = {
  method: 'POST',
  path: '/api/v1/events-circles/events',
  access: 'user',
};

/** An event (address and link only for the host and members going) */
export const event: BrowserRouteOf<Routes['event']> = {
  method: 'GET',
  path: '/api/v1/events-circles/events/:eventId',
  access: 'user',
};

/** The host edits the event; attendees are told (a larger capacity promotes from the waitlist) */
export const updateEvent: BrowserRouteOf<Routes['updateEvent']> = {
  method: 'PATCH',
  path: '/api/v1/events-circles/events/:eventId',
  access: 'user',
};

/** The host (or a reviewer) cancels the event; attendees are told */
export const cancelEvent: BrowserRouteOf<Routes['cancelEvent']> = {
  method: 'POST',
  path: '/api/v1/events-circles/events/:eventId/cancel',
  access: 'user',
};

/** Reviewers: events waiting for approval, oldest first */
export const pendingEvents: BrowserRouteOf<Routes['pendingEvents']> = {
  method: 'GET',
  path: '/api/v1/events-circles/review/events',
  access: 'user',
};

/** Reviewers approve an event or reject it with a reason */
export const reviewEvent: BrowserRouteOf<Routes['reviewEvent']> = {
  method: 'PUT',
  path: '/api/v1/events-circles/review/events/:eventId',
  access: 'user',
};

/** Going or not going: going takes a spot or joins the waitlist (first in, first out); leaving a spot promotes the next */
export const eventRsvp: BrowserRouteOf<Routes['eventRsvp']> = {
  method: 'PUT',
  path: '/api/v1/events-circles/events/:eventId/rsvp',
  access: 'user',
};

/** The attendees and waitlist (the viewer's connections first) */
export const eventAttendees: BrowserRouteOf<Routes['eventAttendees']> = {
  method: 'GET',
  path: '/api/v1/events-circles/events/:eventId/attendees',
  access: 'user',
};

/** The event as an .ics file with its time zone (VTIMEZONE); the place in full for attendees */
export const eventCalendar: BrowserRouteOf<Routes['eventCalendar']> = {
  method: 'GET',
  path: '/api/v1/events-circles/events/:eventId/calendar.ics',
  access: 'user',
};

/** A meetup as an .ics file: the series with its RRULE (and cancelled dates as EXDATE) */
export const occurrenceCalendar: BrowserRouteOf<Routes['occurrenceCalendar']> = {
  method: 'GET',
  path: '/api/v1/events-circles/meetups/:meetupId/calendar.ics',
  access: 'user',
};

/** Upload a cover image (circle or event) as raw bytes: type sniffed, re-encoded JPEG, at most 2048 px, no EXIF */
export const uploadCover: BrowserRouteOf<Routes['uploadCover']> = {
  method: 'POST',
  path: '/api/v1/events-circles/photos',
  access: 'user',
};

/** A stored cover image (JPEG) under its unguessable name */
export const photoFile: BrowserRouteOf<Routes['photoFile']> = {
  method: 'GET',
  path: '/api/v1/events-circles/photo-files/:fileName',
  access: 'public',
};

/** The member's private calendar feed URL (created on first ask) */
export const myCalendarFeed: BrowserRouteOf<Routes['myCalendarFeed']> = {
  method: 'GET',
  path: '/api/v1/events-circles/me/calendar-feed',
  access: 'user',
};

/** A new secret feed URL; the old one stops working at once */
export const resetCalendarFeed: BrowserRouteOf<Routes['resetCalendarFeed']> = {
  method: 'POST',
  path: '/api/v1/events-circles/me/calendar-feed/reset',
  access: 'user',
};

/** A member's feed of everything they are going to (events, and meetup series with RRULE), by its secret token */
export const calendarFeed: BrowserRouteOf<Routes['calendarFeed']> = {
  method: 'GET',
  path: '/api/v1/events-circles/calendar-feeds/:token',
  access: 'public',
};

/** /discover and /engage: events and circles for me with reasons, trending events, new circles */
export const recommendations: BrowserRouteOf<Routes['recommendations']> = {
  method: 'GET',
  path: '/api/v1/events-circles/recommendations',
  access: 'user',
};

/** Not interested: the event or circle is no longer suggested (and teaches the model) */
export const dismissRecommendation: BrowserRouteOf<Routes['dismissRecommendation']> = {
  method: 'POST',
  path: '/api/v1/events-circles/recommendations/dismissals',
  access: 'user',
};

/** A member with an active membership reports a circle, an event, a circle post, discussion or reply to the moderators; once per item */
export const report: BrowserRouteOf<Routes['report']> = {
  method: 'POST',
  path: '/api/v1/events-circles/reports',
  access: 'user',
};

/** The member's data held by events-circles, for "Download my data" (the member is the token's subject) */
export const exportMyData: BrowserRouteOf<Routes['exportMyData']> = {
  method: 'GET',
  path: '/api/v1/events-circles/me/export',
  access: 'user',
};
