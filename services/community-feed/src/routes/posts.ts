import { communityFeedRoutes as routes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { CommunityFeedDeps } from '../deps.ts';
import { viewerOf } from '../use-cases/access.ts';
import { addComment, deleteComment, editComment } from '../use-cases/comments.ts';
import { createPost, deletePost, editPost, pinPost, readFeed, readPost } from '../use-cases/posts.ts';
import { react, unreact, whoReacted } from '../use-cases/reactions.ts';

/** The feed, posts, reactions and comments: thin routes, one use case each. */
export function registerPostRoutes(app: App, deps: CommunityFeedDeps): void {
  registerRoute(app, routes.feed, async (request) =>
    readFeed(deps, viewerOf(currentUser(request)), request.query),
  );
  registerRoute(app, routes.createPost, async (request) =>
    createPost(deps, viewerOf(currentUser(request)), request.body),
  );
  registerRoute(app, routes.post, async (request) =>
    readPost(deps, viewerOf(currentUser(request)), request.params.postId),
  );
  registerRoute(app, routes.updatePost, async (request) =>
    editPost(deps, viewerOf(currentUser(request)), request.params.postId, request.body),
  );
  registerRoute(app, routes.deletePost, async (request, reply) => {
    await deletePost(deps, viewerOf(currentUser(request)), request.params.postId);
    return reply.code(204).send();
  });
  registerRoute(app, routes.pinPost, async (request) =>
    pinPost(deps, viewerOf(currentUser(request)), request.params.postId, request.body.pinned),
  );
  registerRoute(app, routes.react, async (request) =>
    react(deps, viewerOf(currentUser(request)), request.params.postId, request.body.type),
  );
  registerRoute(app, routes.unreact, async (request) =>
    unreact(deps, viewerOf(currentUser(request)), request.params.postId),
  );
  registerRoute(app, routes.reactions, async (request) =>
    whoReacted(deps, viewerOf(currentUser(request)), request.params.postId, request.query.type),
  );
  registerRoute(app, routes.addComment, async (request) =>
    addComment(deps, viewerOf(currentUser(request)), request.params.postId, request.body),
  );
  registerRoute(app, routes.editComment, async (request) =>
    editComment(deps, viewerOf(currentUser(request)), request.params.commentId, request.body.content),
  );
  registerRoute(app, routes.deleteComment, async (request, reply) => {
    await deleteComment(deps, viewerOf(currentUser(request)), request.params.commentId);
    return reply.code(204).send();
  });
}
