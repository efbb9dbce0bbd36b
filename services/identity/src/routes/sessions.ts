import type { FastifyInstance } from 'fastify';
import { identityRoutes } from '@mer/contracts';
import { currentUser, registerRoute } from '@mer/service-runtime';
import type { IdentityDeps } from '../deps.ts';
import { logIn } from '../use-cases/log-in.ts';
import { logOut } from '../use-cases/log-out.ts';
import { refreshSession } from '../use-cases/refresh-session.ts';
import { revokeAllSessions } from '../use-cases/revoke-all-sessions.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.ts';

export function sessionRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  registerRoute(app, identityRoutes.createSession, async (request, reply) => {
    const { session, refresh } = await logIn(deps, { ...request.body, ip: request.ip });
    setRefreshCookie(reply, deps.config, refresh);
    return session;
  });

  registerRoute(app, identityRoutes.refreshSession, async (request, reply) => {
    try {
      const { session, refresh } = await refreshSession(deps, readRefreshCookie(request));
      setRefreshCookie(reply, deps.config, refresh);
      return session;
    } catch (err) {
      clearRefreshCookie(reply, deps.config);
      throw err;
    }
  });

  registerRoute(app, identityRoutes.deleteCurrentSession, async (request, reply) => {
    await logOut(deps, readRefreshCookie(request));
    clearRefreshCookie(reply, deps.config);
  });

  registerRoute(app, identityRoutes.revokeAllSessions, async (request) =>
    revokeAllSessions(deps, currentUser(request).sub),
  );
}
