import type { FastifyInstance } from 'fastify';
import { identityRoutes } from '@mer/contracts';
import { registerRoute } from '@mer/service-runtime';
import { checkUsername } from '../use-cases/check-username.ts';
import type { IdentityDeps } from '../deps.ts';

export function usernameRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  registerRoute(app, identityRoutes.usernameAvailability, async (request) =>
    checkUsername(deps, request.params.username),
  );
}
