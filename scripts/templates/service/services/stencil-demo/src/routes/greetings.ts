import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import { stencilDemoRoutes } from '../../../../mer-contracts.ts';
import type { StencilDemoDeps } from '../deps.ts';
import { greet, listMyGreetings } from '../use-cases/greetings.ts';

/** Thin routes: the contract validates, a use case decides, the result maps to the response. */
export function registerGreetingRoutes(app: App, deps: StencilDemoDeps): void {
  registerRoute(app, stencilDemoRoutes.greet, async (request) =>
    greet(deps, currentUser(request).sub, request.body.to),
  );
  registerRoute(app, stencilDemoRoutes.myGreetings, async (request) =>
    listMyGreetings(deps, currentUser(request).sub),
  );
}
