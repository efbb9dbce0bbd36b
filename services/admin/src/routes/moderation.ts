import { adminRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { AdminDeps } from '../deps.ts';
import { decide, moderationQueue } from '../use-cases/moderation.ts';

export function registerModerationRoutes(app: App, deps: AdminDeps): void {
  registerRoute(app, adminRoutes.moderationQueue, async (request) => moderationQueue(deps, request.query));
  registerRoute(app, adminRoutes.decideModeration, async (request) =>
    decide(deps, currentUser(request).sub, request.params.id, request.body),
  );
}
