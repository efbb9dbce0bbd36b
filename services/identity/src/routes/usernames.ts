import type { FastifyInstance } from 'fastify';
import { identityRoutes } from '@mer/contracts';
import { registerRoute } from '@mer/service-runtime';
import { checkUsername } from '../use-cases/check-username.ts';
import type { Deps } from '../use-cases/deps.ts';

export function usernameRoutes(app: FastifyInstance, deps: Deps): void {
  registerRoute(app, identityRoutes.usernameAvailability, async (request) =>
    checkUsername(deps, request.params.username),
  );
}
