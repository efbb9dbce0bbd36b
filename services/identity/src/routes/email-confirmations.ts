import type { FastifyInstance } from 'fastify';
import { identityRoutes } from '@mer/contracts';
import { registerRoute } from '@mer/service-runtime';
import { confirmEmail } from '../use-cases/confirm-email.ts';
import type { IdentityDeps } from '../deps.ts';

export function emailConfirmationRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  registerRoute(app, identityRoutes.confirmEmail, async (request) => confirmEmail(deps, request.body.token));
}
