import type { FastifyInstance } from 'fastify';
import { identityRoutes } from '@mer/contracts';
import { registerRoute } from '@mer/service-runtime';
import type { IdentityDeps } from '../deps.ts';
import {
  confirmPasswordReset,
  requestPasswordReset,
  verifyPasswordReset,
} from '../use-cases/password-reset.ts';

export function passwordResetRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  registerRoute(app, identityRoutes.requestPasswordReset, async (request) =>
    requestPasswordReset(deps, request.body.identifier),
  );
  registerRoute(app, identityRoutes.verifyPasswordReset, async (request) =>
    verifyPasswordReset(deps, request.body.token),
  );
  registerRoute(app, identityRoutes.confirmPasswordReset, async (request) =>
    confirmPasswordReset(deps, request.body),
  );
}
