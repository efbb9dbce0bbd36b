import { socialGraphDataExportRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { SocialGraphDeps } from '../deps.ts';
import { exportMemberData } from '../use-cases/export-member-data.ts';

export function registerMemberDataExportRoute(app: App, deps: SocialGraphDeps): void {
  registerRoute(app, socialGraphDataExportRoutes.exportMyData, async (req) =>
    exportMemberData(deps, currentUser(req).sub),
  );
}
