import { billingDataExportRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { BillingDeps } from '../deps.ts';
import { exportMemberData } from '../use-cases/export-member-data.ts';

/** billing's part of "Download my data": always the verified token's member. */
export function registerMemberDataExportRoutes(app: App, deps: Pick<BillingDeps, 'db'>): void {
  registerRoute(app, billingDataExportRoutes.exportMyData, async (request) =>
    exportMemberData(deps, currentUser(request).sub),
  );
}
