import type { FastifyInstance } from 'fastify';
import { identityRoutes } from '@mer/contracts';
import { registerRoute } from '@mer/service-runtime';
import type { IdentityDeps } from '../deps.ts';
import { signUp } from '../use-cases/sign-up.ts';
import { setRefreshCookie } from './refresh-cookie.ts';

export function signupRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  registerRoute(app, identityRoutes.signup, async (request, reply) => {
    const { session, refresh } = await signUp(deps, request.body);
    setRefreshCookie(reply, deps.config, refresh);
    return session;
  });
}
