import { eventsCirclesRoutes as routes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { EventsCirclesDeps } from '../deps.ts';
import { viewerOf } from '../use-cases/access.ts';
import {
  calendarFeed,
  eventCalendar,
  meetupCalendar,
  myCalendarFeed,
  resetCalendarFeed,
} from '../use-cases/calendars.ts';

const CALENDAR = 'text/calendar; charset=utf-8';

/** .ics files and the member's secret feed. */
export function registerCalendarRoutes(app: App, deps: EventsCirclesDeps): void {
  const viewer = (request: Parameters<typeof currentUser>[0]) => viewerOf(currentUser(request));
  registerRoute(app, routes.eventCalendar, async (r, reply) =>
    reply
      .type(CALENDAR)
      .header('content-disposition', `attachment; filename="event-${r.params.eventId}.ics"`)
      .send(await eventCalendar(deps, viewer(r), r.params.eventId)),
  );
  registerRoute(app, routes.occurrenceCalendar, async (r, reply) =>
    reply
      .type(CALENDAR)
      .header('content-disposition', `attachment; filename="meetup-${r.params.meetupId}.ics"`)
      .send(await meetupCalendar(deps, viewer(r), r.params.meetupId)),
  );
  registerRoute(app, routes.myCalendarFeed, async (r) => myCalendarFeed(deps, viewer(r)));
  registerRoute(app, routes.resetCalendarFeed, async (r) => resetCalendarFeed(deps, viewer(r)));
  registerRoute(app, routes.calendarFeed, async (r, reply) =>
    // A secret URL: never cached by shared caches, never indexed.
    reply
      .type(CALENDAR)
      .header('cache-control', 'private, max-age=300')
      .header('x-robots-tag', 'noindex')
      .send(await calendarFeed(deps, r.params.token)),
  );
}
