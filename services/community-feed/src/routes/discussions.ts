import { communityFeedRoutes as routes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { CommunityFeedDeps } from '../deps.ts';
import { viewerOf } from '../use-cases/access.ts';
import {
  createDiscussion,
  deleteDiscussion,
  discussion,
  discussions,
  replyToDiscussion,
} from '../use-cases/discussions.ts';
import { report } from '../use-cases/reports.ts';

/** Discussions and reports. */
export function registerDiscussionRoutes(app: App, deps: CommunityFeedDeps): void {
  registerRoute(app, routes.discussions, async (request) =>
    discussions(deps, viewerOf(currentUser(request))),
  );
  registerRoute(app, routes.createDiscussion, async (request) =>
    createDiscussion(deps, viewerOf(currentUser(request)), request.body),
  );
  registerRoute(app, routes.discussion, async (request) =>
    discussion(deps, viewerOf(currentUser(request)), request.params.discussionId),
  );
  registerRoute(app, routes.replyToDiscussion, async (request) =>
    replyToDiscussion(deps, viewerOf(currentUser(request)), request.params.discussionId, request.body.body),
  );
  registerRoute(app, routes.deleteDiscussion, async (request, reply) => {
    await deleteDiscussion(deps, viewerOf(currentUser(request)), request.params.discussionId);
    return reply.code(204).send();
  });
}

export function registerReportRoutes(app: App, deps: CommunityFeedDeps): void {
  registerRoute(app, routes.report, async (request) =>
    report(deps, viewerOf(currentUser(request)), request.body),
  );
}
