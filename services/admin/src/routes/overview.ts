import { adminRoutes } from '@mer/contracts';
import { registerRoute, type App } from '@mer/service-runtime';
import type { AdminDeps } from '../deps.ts';
import { auditTrail } from '../use-cases/audit.ts';
import { dashboard } from '../use-cases/dashboard.ts';

export function registerOverviewRoutes(app: App, deps: AdminDeps): void {
  registerRoute(app, adminRoutes.dashboard, async () => dashboard(deps));
  registerRoute(app, adminRoutes.auditTrail, async (request) => auditTrail(deps, request.query));
}
