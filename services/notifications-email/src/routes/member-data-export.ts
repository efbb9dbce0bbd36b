import type { Kysely } from 'kysely';
import { notificationsEmailDataExportRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { NotificationsEmailTables } from '../db/tables.ts';
import { exportMemberData } from '../use-cases/export-member-data.ts';

/** notifications-email's part of "Download my data": always the verified token's member. */
export function registerMemberDataExportRoutes(
  app: App,
  deps: { db: Kysely<NotificationsEmailTables> },
): void {
  registerRoute(app, notificationsEmailDataExportRoutes.exportMyData, async (request) =>
    exportMemberData(deps, currentUser(request).sub),
  );
}
