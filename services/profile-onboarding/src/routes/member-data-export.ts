import type { Kysely } from 'kysely';
import { profileOnboardingDataExportRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { ProfileOnboardingTables } from '../db/tables.ts';
import { exportMemberData } from '../use-cases/export-member-data.ts';

/** profile-onboarding's part of "Download my data": always the verified token's member. */
export function registerMemberDataExportRoutes(
  app: App,
  deps: { db: Kysely<ProfileOnboardingTables> },
): void {
  registerRoute(app, profileOnboardingDataExportRoutes.exportMyData, async (request) =>
    exportMemberData(deps, currentUser(request).sub),
  );
}
