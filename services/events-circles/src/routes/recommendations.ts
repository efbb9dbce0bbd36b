import { eventsCirclesDataExportRoutes, eventsCirclesRoutes as routes } from '@mer/contracts';
import { currentUser, DomainError, registerRoute, type App } from '@mer/service-runtime';
import type { EventsCirclesDeps } from '../deps.ts';
import { viewerOf } from '../use-cases/access.ts';
import { exportMemberData } from '../use-cases/export-member-data.ts';
import { dismissRecommendation, recommendationsFor } from '../use-cases/recommendations.ts';
import { sendDueReminders } from '../use-cases/reminders.ts';

/** /discover and /engage, "Download my data", and the operators' reminder run. */
export function registerDiscoveryRoutes(app: App, deps: EventsCirclesDeps): void {
  const viewer = (request: Parameters<typeof currentUser>[0]) => viewerOf(currentUser(request));
  registerRoute(app, routes.recommendations, async (r) =>
    recommendationsFor(deps, viewer(r), r.query.limit ?? 10),
  );
  registerRoute(app, routes.dismissRecommendation, async (r, reply) => {
    await dismissRecommendation(deps, viewer(r), r.body.kind, r.body.id);
    return reply.code(204).send();
  });
  registerRoute(app, eventsCirclesDataExportRoutes.exportMyData, async (r) =>
    exportMemberData(deps, currentUser(r).sub),
  );
  registerRoute(app, routes.runReminders, async (r) => {
    // The controllable clock of test topologies; production always sends what is due now.
    if (r.body.now !== undefined && !deps.config.TEST_CLOCK)
      throw new DomainError('invalid_data', { message: 'The clock can only be set in a test topology.' });
    return { sent: await sendDueReminders(deps, r.body.now ? new Date(r.body.now) : deps.clock.now()) };
  });
}
