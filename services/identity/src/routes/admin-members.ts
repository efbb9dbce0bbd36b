import type { FastifyInstance } from 'fastify';
import { identityRoutes } from '@mer/contracts';
import { currentUser, registerRoute } from '@mer/service-runtime';
import type { IdentityDeps } from '../deps.ts';
import {
  disableInvitation,
  endMemberSessions,
  grantPermission,
  inviteFromWaitingList,
  listInvitations,
  listMembers,
  listWaitingList,
  memberAccount,
  revokePermission,
  setAdminRecord,
  setCommunityRole,
  setFacilitator,
  setSuspension,
} from '../use-cases/admin-members.ts';
import { deleteAccount } from '../use-cases/delete-account.ts';

/** The Admin Panel's member, invitation and waiting-list routes: the contract checks the permission. */
export function adminMemberRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  const r = identityRoutes;
  registerRoute(app, r.listMembers, async (request) => listMembers(deps, request.query));
  registerRoute(app, r.memberAccount, async (request) => memberAccount(deps, request.params.id));
  registerRoute(app, r.grantPermission, async (request) =>
    grantPermission(deps, currentUser(request).sub, request.params.id, request.params.permission),
  );
  registerRoute(app, r.revokePermission, async (request) =>
    revokePermission(deps, currentUser(request).sub, request.params.id, request.params.permission),
  );
  registerRoute(app, r.setAdminRecord, async (request) =>
    setAdminRecord(deps, currentUser(request).sub, request.params.id, request.body.active),
  );
  registerRoute(app, r.setCommunityRole, async (request) =>
    setCommunityRole(
      deps,
      currentUser(request).sub,
      request.params.id,
      request.params.role,
      request.body.held,
    ),
  );
  registerRoute(app, r.setFacilitator, async (request) =>
    setFacilitator(deps, currentUser(request).sub, request.params.id, request.body.facilitator),
  );
  registerRoute(app, r.setSuspension, async (request) =>
    setSuspension(deps, currentUser(request).sub, request.params.id, request.body.suspended),
  );
  registerRoute(app, r.endMemberSessions, async (request) =>
    endMemberSessions(deps, currentUser(request).sub, request.params.id),
  );
  registerRoute(app, r.deleteMember, async (request) =>
    deleteAccount(deps, request.params.id, currentUser(request).sub),
  );
  registerRoute(app, r.listInvitations, async (request) => listInvitations(deps, request.query));
  registerRoute(app, r.disableInvitation, async (request) =>
    disableInvitation(deps, currentUser(request).sub, request.params.code),
  );
  registerRoute(app, r.listWaitingList, async (request) => listWaitingList(deps, request.query));
  registerRoute(app, r.inviteFromWaitingList, async (request) =>
    inviteFromWaitingList(deps, currentUser(request).sub, request.params.id),
  );
}
