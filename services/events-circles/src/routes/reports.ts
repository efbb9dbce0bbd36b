import { eventsCirclesRoutes as routes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { EventsCirclesDeps } from '../deps.ts';
import { viewerOf } from '../use-cases/access.ts';
import { report } from '../use-cases/reports.ts';

/** Members report circles, events and circle posts to the moderators. */
export function registerReportRoutes(app: App, deps: EventsCirclesDeps): void {
  registerRoute(app, routes.report, async (request) =>
    report(deps, viewerOf(currentUser(request)), request.body),
  );
}
