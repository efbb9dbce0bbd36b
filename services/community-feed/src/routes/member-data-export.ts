import { communityFeedDataExportRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { CommunityFeedDeps } from '../deps.ts';
import { exportMemberData } from '../use-cases/export-member-data.ts';

/** community-feed's part of "Download my data": always the verified token's member. */
export function registerMemberDataExportRoutes(app: App, deps: Pick<CommunityFeedDeps, 'db'>): void {
  registerRoute(app, communityFeedDataExportRoutes.exportMyData, async (request) =>
    exportMemberData(deps, currentUser(request).sub),
  );
}
