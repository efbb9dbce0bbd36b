import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import { communityFeedRoutes } from '@mer/contracts';
import type { CommunityFeedDeps } from '../deps.ts';
import { greet, listMyGreetings } from '../use-cases/greetings.ts';

/** Thin routes: the contract validates, a use case decides, the result maps to the response. */
export function registerGreetingRoutes(app: App, deps: CommunityFeedDeps): void {
  registerRoute(app, communityFeedRoutes.greet, async (request) =>
    greet(deps, currentUser(request).sub, request.body.to),
  );
  registerRoute(app, communityFeedRoutes.myGreetings, async (request) =>
    listMyGreetings(deps, currentUser(request).sub),
  );
}
