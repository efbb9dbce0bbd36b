import type { FastifyInstance } from 'fastify';
import { identityRoutes } from '@mer/contracts';
import { currentUser, registerRoute } from '@mer/service-runtime';
import type { IdentityDeps } from '../deps.ts';
import { userPermissions } from '../use-cases/me.ts';

export function userRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  registerRoute(app, identityRoutes.userPermissions, async (request) =>
    userPermissions(deps, currentUser(request), request.params.id),
  );
}
