import { eventsCirclesRoutes as routes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { EventsCirclesDeps } from '../deps.ts';
import { viewerOf } from '../use-cases/access.ts';
import {
  circleDiscussion,
  circleDiscussions,
  circlePost,
  circlePosts,
  circleUpdates,
  createCircleDiscussion,
  createCirclePost,
  createForumTopic,
  forumTopic,
  forumTopics,
  postCircleUpdate,
  reactToCirclePost,
  removeCirclePost,
  replyToDiscussion,
} from '../use-cases/circle-content.ts';

/** Inside a circle: updates, forum, discussions, posts and reactions. */
export function registerCircleContentRoutes(app: App, deps: EventsCirclesDeps): void {
  const viewer = (request: Parameters<typeof currentUser>[0]) => viewerOf(currentUser(request));
  registerRoute(app, routes.circleUpdates, async (r) =>
    circleUpdates(deps, viewer(r), r.params.circleId, r.query),
  );
  registerRoute(app, routes.postCircleUpdate, async (r) =>
    postCircleUpdate(deps, viewer(r), r.params.circleId, r.body),
  );
  registerRoute(app, routes.forumTopics, async (r) => forumTopics(deps, viewer(r), r.params.circleId));
  registerRoute(app, routes.createForumTopic, async (r) =>
    createForumTopic(deps, viewer(r), r.params.circleId, r.body),
  );
  registerRoute(app, routes.forumTopic, async (r) =>
    forumTopic(deps, viewer(r), r.params.circleId, r.params.topicId),
  );
  registerRoute(app, routes.circleDiscussions, async (r) =>
    circleDiscussions(deps, viewer(r), r.params.circleId),
  );
  registerRoute(app, routes.createCircleDiscussion, async (r) =>
    createCircleDiscussion(deps, viewer(r), r.params.circleId, r.body),
  );
  registerRoute(app, routes.circleDiscussion, async (r) =>
    circleDiscussion(deps, viewer(r), r.params.circleId, r.params.discussionId),
  );
  registerRoute(app, routes.replyToCircleDiscussion, async (r) =>
    replyToDiscussion(deps, viewer(r), r.params.circleId, r.params.discussionId, r.body.body),
  );
  registerRoute(app, routes.circlePosts, async (r) =>
    circlePosts(deps, viewer(r), r.params.circleId, r.query),
  );
  registerRoute(app, routes.createCirclePost, async (r) =>
    createCirclePost(deps, viewer(r), r.params.circleId, r.body.content),
  );
  registerRoute(app, routes.circlePost, async (r) =>
    circlePost(deps, viewer(r), r.params.circleId, r.params.postId),
  );
  registerRoute(app, routes.deleteCirclePost, async (r, reply) => {
    await removeCirclePost(deps, viewer(r), r.params.circleId, r.params.postId);
    return reply.code(204).send();
  });
  registerRoute(app, routes.reactToCirclePost, async (r) =>
    reactToCirclePost(deps, viewer(r), r.params.circleId, r.params.postId, r.body.type),
  );
  registerRoute(app, routes.unreactToCirclePost, async (r) =>
    reactToCirclePost(deps, viewer(r), r.params.circleId, r.params.postId, null),
  );
}
