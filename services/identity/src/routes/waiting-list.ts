import type { FastifyInstance } from 'fastify';
import { identityRoutes } from '@mer/contracts';
import { registerRoute } from '@mer/service-runtime';
import type { IdentityDeps } from '../deps.ts';
import { joinWaitingList } from '../use-cases/join-waiting-list.ts';

export function waitingListRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  registerRoute(app, identityRoutes.joinWaitingList, async (request) => joinWaitingList(deps, request.body));
}
