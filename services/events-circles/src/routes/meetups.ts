import { eventsCirclesRoutes as routes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { EventsCirclesDeps } from '../deps.ts';
import { viewerOf } from '../use-cases/access.ts';
import {
  cancelMeetup,
  cancelOccurrence,
  circleMeetups,
  createMeetup,
  editMeetup,
  editOccurrence,
  getMeetup,
} from '../use-cases/meetups.ts';
import { occurrenceAttendees, rsvpToOccurrence } from '../use-cases/rsvp.ts';

/** Circle meetups: series, occurrences, their RSVPs and attendees. */
export function registerMeetupRoutes(app: App, deps: EventsCirclesDeps): void {
  const viewer = (request: Parameters<typeof currentUser>[0]) => viewerOf(currentUser(request));
  registerRoute(app, routes.circleMeetups, async (r) => circleMeetups(deps, viewer(r), r.params.circleId));
  registerRoute(app, routes.createMeetup, async (r) =>
    createMeetup(deps, viewer(r), r.params.circleId, r.body),
  );
  registerRoute(app, routes.meetup, async (r) => getMeetup(deps, viewer(r), r.params.meetupId, r.query));
  registerRoute(app, routes.updateMeetup, async (r) =>
    editMeetup(deps, viewer(r), r.params.meetupId, r.body),
  );
  registerRoute(app, routes.cancelMeetup, async (r) =>
    cancelMeetup(deps, viewer(r), r.params.meetupId, r.body.reason),
  );
  registerRoute(app, routes.updateOccurrence, async (r) =>
    editOccurrence(deps, viewer(r), r.params.meetupId, r.params.occurrenceId, r.body),
  );
  registerRoute(app, routes.cancelOccurrence, async (r) =>
    cancelOccurrence(deps, viewer(r), r.params.meetupId, r.params.occurrenceId, r.body.reason),
  );
  registerRoute(app, routes.occurrenceRsvp, async (r) =>
    rsvpToOccurrence(deps, viewer(r), r.params.meetupId, r.params.occurrenceId, r.body),
  );
  registerRoute(app, routes.occurrenceAttendees, async (r) =>
    occurrenceAttendees(deps, viewer(r), r.params.meetupId, r.params.occurrenceId),
  );
}
