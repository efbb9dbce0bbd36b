import { eventsCirclesRoutes as routes } from '@mer/contracts';
import { acceptRawImageBodies, currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { EventsCirclesDeps } from '../deps.ts';
import { viewerOf } from '../use-cases/access.ts';
import {
  browseEvents,
  cancelEvent,
  createEvent,
  editEvent,
  eventAttendees,
  eventsToReview,
  getEvent,
  reviewEvent,
} from '../use-cases/events.ts';
import { readCoverFile, uploadCover } from '../use-cases/photos.ts';
import { rsvpToEvent } from '../use-cases/rsvp.ts';

/** Events, their review, RSVPs and attendees, and cover images. */
export function registerEventRoutes(app: App, deps: EventsCirclesDeps): void {
  const viewer = (request: Parameters<typeof currentUser>[0]) => viewerOf(currentUser(request));
  registerRoute(app, routes.events, async (r) => browseEvents(deps, viewer(r), r.query));
  registerRoute(app, routes.createEvent, async (r) => createEvent(deps, viewer(r), r.body));
  registerRoute(app, routes.event, async (r) => getEvent(deps, viewer(r), r.params.eventId));
  registerRoute(app, routes.updateEvent, async (r) => editEvent(deps, viewer(r), r.params.eventId, r.body));
  registerRoute(app, routes.cancelEvent, async (r) =>
    cancelEvent(deps, viewer(r), r.params.eventId, r.body.reason),
  );
  registerRoute(app, routes.pendingEvents, async (r) => eventsToReview(deps, viewer(r)));
  registerRoute(app, routes.reviewEvent, async (r) => reviewEvent(deps, viewer(r), r.params.eventId, r.body));
  registerRoute(app, routes.eventRsvp, async (r) => rsvpToEvent(deps, viewer(r), r.params.eventId, r.body));
  registerRoute(app, routes.eventAttendees, async (r) => eventAttendees(deps, viewer(r), r.params.eventId));
  registerRoute(app, routes.photoFile, async (request, reply) => {
    const { fileName } = request.params;
    // The bytes behind a name never change, so the name is a strong validator.
    const etag = `"${fileName.slice(0, -'.jpg'.length)}"`;
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/jpeg').send(await readCoverFile(deps, fileName));
  });
  void app.register(async (scope) => {
    acceptRawImageBodies(scope, routes.uploadCover.rawBody);
    registerRoute(scope, routes.uploadCover, async (r) => uploadCover(deps, viewer(r), r.body));
  });
}
