import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import { messagingRoutes } from '@mer/contracts';
import type { MessagingDeps } from '../deps.ts';
import { greet, listMyGreetings } from '../use-cases/greetings.ts';

/** Thin routes: the contract validates, a use case decides, the result maps to the response. */
export function registerGreetingRoutes(app: App, deps: MessagingDeps): void {
  registerRoute(app, messagingRoutes.greet, async (request) =>
    greet(deps, currentUser(request).sub, request.body.to),
  );
  registerRoute(app, messagingRoutes.myGreetings, async (request) =>
    listMyGreetings(deps, currentUser(request).sub),
  );
}
