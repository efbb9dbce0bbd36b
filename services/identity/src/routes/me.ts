import type { FastifyInstance } from 'fastify';
import { identityRoutes } from '@mer/contracts';
import { currentUser, registerRoute } from '@mer/service-runtime';
import { changeEmail, changePassword } from '../use-cases/account-settings.ts';
import { deleteAccount } from '../use-cases/delete-account.ts';
import type { IdentityDeps } from '../deps.ts';
import { getMe } from '../use-cases/me.ts';
import { clearRefreshCookie } from './refresh-cookie.ts';

export function meRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  registerRoute(app, identityRoutes.me, async (request) => getMe(deps, currentUser(request).sub));

  registerRoute(app, identityRoutes.changeEmail, async (request) =>
    changeEmail(deps, currentUser(request), { ...request.body, ip: request.ip }),
  );

  registerRoute(app, identityRoutes.changePassword, async (request) =>
    changePassword(deps, currentUser(request), { ...request.body, ip: request.ip }),
  );

  registerRoute(app, identityRoutes.deleteAccount, async (request, reply) => {
    const result = await deleteAccount(deps, currentUser(request).sub);
    clearRefreshCookie(reply, deps.config);
    return result;
  });
}
