import { socialGraphRoutes as r } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { SocialGraphDeps } from '../deps.ts';
import {
  acceptRequest,
  cancelRequest,
  connectionStatus,
  declineRequest,
  listConnections,
  mutualConnections,
  myAccess,
  removeConnection,
  sendRequest,
} from '../use-cases/connections.ts';

/** Thin routes: the contract validates, a use case decides. The actor is always the token's member. */
export function registerConnectionRoutes(app: App, deps: SocialGraphDeps): void {
  registerRoute(app, r.myAccess, async (req) => myAccess(deps, currentUser(req).sub));
  registerRoute(app, r.connectionStatus, async (req) =>
    connectionStatus(deps, currentUser(req).sub, req.params.userId),
  );
  registerRoute(app, r.sendRequest, async (req) => {
    return sendRequest(deps, currentUser(req).sub, req.body.userId, req.body.source ?? null);
  });
  registerRoute(app, r.acceptRequest, async (req) =>
    acceptRequest(deps, currentUser(req).sub, req.params.requestId),
  );
  registerRoute(app, r.declineRequest, async (req) =>
    declineRequest(deps, currentUser(req).sub, req.params.requestId),
  );
  registerRoute(app, r.cancelRequest, async (req) =>
    cancelRequest(deps, currentUser(req).sub, req.params.requestId),
  );
  registerRoute(app, r.removeConnection, async (req) =>
    removeConnection(deps, currentUser(req).sub, req.params.userId),
  );
  registerRoute(app, r.receivedRequests, async (req) =>
    listConnections(deps, currentUser(req).sub, 'received', req.query),
  );
  registerRoute(app, r.sentRequests, async (req) =>
    listConnections(deps, currentUser(req).sub, 'sent', req.query),
  );
  registerRoute(app, r.connections, async (req) =>
    listConnections(deps, currentUser(req).sub, 'connected', req.query),
  );
  registerRoute(app, r.mutualConnections, async (req) =>
    mutualConnections(deps, currentUser(req).sub, req.params.userId, req.query.limit ?? 12),
  );
}
