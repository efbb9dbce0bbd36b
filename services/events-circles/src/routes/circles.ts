import { eventsCirclesRoutes as routes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { EventsCirclesDeps } from '../deps.ts';
import { viewerOf } from '../use-cases/access.ts';
import {
  answerJoinRequest,
  browseCircles,
  changeRole,
  circleAbout,
  circlesToReview,
  createCircle,
  editCircle,
  getCircle,
  inviteToCircle,
  joinCircle,
  joinRequests,
  leaveCircle,
  listCircleMembers,
  myInvitations,
  removeMember,
  reviewCircle,
} from '../use-cases/circles.ts';

/** Circles, their review, membership, requests, invitations and roles: thin routes, one use case each. */
export function registerCircleRoutes(app: App, deps: EventsCirclesDeps): void {
  const viewer = (request: Parameters<typeof currentUser>[0]) => viewerOf(currentUser(request));
  registerRoute(app, routes.circles, async (request) => browseCircles(deps, viewer(request), request.query));
  registerRoute(app, routes.createCircle, async (request) =>
    createCircle(deps, viewer(request), request.body),
  );
  registerRoute(app, routes.circle, async (request) =>
    getCircle(deps, viewer(request), request.params.circleId),
  );
  registerRoute(app, routes.circleAbout, async (request) =>
    circleAbout(deps, viewer(request), request.params.circleId),
  );
  registerRoute(app, routes.updateCircle, async (request) =>
    editCircle(deps, viewer(request), request.params.circleId, request.body),
  );
  registerRoute(app, routes.pendingCircles, async (request) => circlesToReview(deps, viewer(request)));
  registerRoute(app, routes.reviewCircle, async (request) =>
    reviewCircle(deps, viewer(request), request.params.circleId, request.body),
  );
  registerRoute(app, routes.joinCircle, async (request) =>
    joinCircle(deps, viewer(request), request.params.circleId),
  );
  registerRoute(app, routes.leaveCircle, async (request) =>
    leaveCircle(deps, viewer(request), request.params.circleId),
  );
  registerRoute(app, routes.circleMembers, async (request) =>
    listCircleMembers(deps, viewer(request), request.params.circleId),
  );
  registerRoute(app, routes.setCircleRole, async (request) =>
    changeRole(deps, viewer(request), request.params.circleId, request.params.userId, request.body.role),
  );
  registerRoute(app, routes.removeCircleMember, async (request, reply) => {
    await removeMember(deps, viewer(request), request.params.circleId, request.params.userId);
    return reply.code(204).send();
  });
  registerRoute(app, routes.joinRequests, async (request) =>
    joinRequests(deps, viewer(request), request.params.circleId),
  );
  registerRoute(app, routes.answerJoinRequest, async (request) =>
    answerJoinRequest(
      deps,
      viewer(request),
      request.params.circleId,
      request.params.userId,
      request.body.accept,
    ),
  );
  registerRoute(app, routes.inviteToCircle, async (request) =>
    inviteToCircle(deps, viewer(request), request.params.circleId, request.body.userId),
  );
  registerRoute(app, routes.myCircleInvitations, async (request) => myInvitations(deps, viewer(request)));
}
