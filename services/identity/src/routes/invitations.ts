import type { FastifyInstance } from 'fastify';
import { identityRoutes } from '@mer/contracts';
import { currentUser, registerRoute } from '@mer/service-runtime';
import type { IdentityDeps } from '../deps.ts';
import { createInvitation, validateInvitation } from '../use-cases/invitations.ts';

export function invitationRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  registerRoute(app, identityRoutes.validateInvitation, async (request) =>
    validateInvitation(deps, request.body.code),
  );

  registerRoute(app, identityRoutes.createInvitation, async (request) =>
    createInvitation(deps, { ...request.body, source: 'admin', createdBy: currentUser(request).sub }),
  );

  registerRoute(app, identityRoutes.operatorCreateInvitation, async (request) =>
    createInvitation(deps, { ...request.body, source: 'operator' }),
  );
}
