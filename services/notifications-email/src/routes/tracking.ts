import { notificationsEmailRoutes as routes } from '@mer/contracts';
import { registerRoute, type App } from '@mer/service-runtime';
import type { NotificationsEmailDeps } from '../deps.ts';
import { PIXEL, recordClick, recordOpen } from '../use-cases/email-tracking.ts';

/** Links inside e-mails: the open pixel and the click redirect (to MER's own pages only). */
export function registerTrackingRoutes(app: App, deps: NotificationsEmailDeps): void {
  registerRoute(app, routes.trackEmailOpen, async (request, reply) => {
    await recordOpen(deps, request.query.token);
    return reply.header('cache-control', 'no-store, private').type('image/gif').send(PIXEL);
  });
  registerRoute(app, routes.trackEmailClick, async (request, reply) =>
    reply.header('cache-control', 'no-store').redirect(await recordClick(deps, request.query.token), 302),
  );
}
