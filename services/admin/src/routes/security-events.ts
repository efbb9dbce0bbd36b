import { adminRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { AdminDeps } from '../deps.ts';
import { listSecurityEvents, logBrowserEvents, resolveSecurityEvent } from '../use-cases/security-log.ts';

export function registerSecurityEventRoutes(app: App, deps: AdminDeps): void {
  registerRoute(app, adminRoutes.logSecurityEvents, async (request) =>
    logBrowserEvents(deps, currentUser(request), request.body, request.headers['user-agent']),
  );
  registerRoute(app, adminRoutes.listSecurityEvents, async (request) =>
    listSecurityEvents(deps, request.query),
  );
  registerRoute(app, adminRoutes.resolveSecurityEvent, async (request) =>
    resolveSecurityEvent(deps, currentUser(request).sub, request.params.id),
  );
}
