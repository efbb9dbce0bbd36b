import { messagingDataExportRoutes, messagingRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { MessagingDeps } from '../deps.ts';
import { cleanupOrphanedMessages } from '../use-cases/admin.ts';
import { exportMemberData } from '../use-cases/export-member-data.ts';
import { getSettings, updateSettings } from '../use-cases/settings.ts';

export function registerSettingsRoutes(app: App, deps: MessagingDeps): void {
  registerRoute(app, messagingRoutes.getSettings, async (req) => getSettings(deps, currentUser(req).sub));
  registerRoute(app, messagingRoutes.updateSettings, async (req) =>
    updateSettings(deps, currentUser(req).sub, req.body),
  );
  // The contract's access rule (system_admin or system_settings) is checked before this runs.
  registerRoute(app, messagingRoutes.cleanupOrphanedMessages, async () => cleanupOrphanedMessages(deps));
  registerRoute(app, messagingDataExportRoutes.exportMyData, async (req) =>
    exportMemberData(deps, currentUser(req).sub),
  );
}
