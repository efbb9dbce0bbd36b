import type { FastifyInstance } from 'fastify';
import { identityDataExportRoutes } from '@mer/contracts';
import { currentUser, registerRoute } from '@mer/service-runtime';
import type { IdentityDb } from '../db/tables.ts';
import { exportMemberData } from '../use-cases/export-member-data.ts';

/** identity's part of "Download my data": always the verified token's member. */
export function myDataExportRoutes(app: FastifyInstance, deps: { db: IdentityDb }): void {
  registerRoute(app, identityDataExportRoutes.exportMyData, async (request) =>
    exportMemberData(deps, currentUser(request).sub),
  );
}
