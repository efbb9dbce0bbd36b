import type { BrowserRouteOf } from '@mer/contracts/browser';
import type { stencilDemoRoutes } from '../service/contracts/src/http/stencil-demo.ts';

/*
 * The template service's routes as contracts/scripts/generate-browser-routes.ts writes them for a real service
 * (contracts/src/browser/<service>.ts), typed from the service template's contracts. Template-only, never copied.
 */

type Routes = typeof stencilDemoRoutes;

/** The member greets someone; the greeting is recorded (the scaffold route: replace it) */
export const greet: BrowserRouteOf<Routes['greet']> = {
  method: 'POST',
  path: '/api/v1/stencil-demo/greetings',
  access: 'user',
};

/** The member's greetings, newest first (the scaffold route: replace it) */
export const myGreetings: BrowserRouteOf<Routes['myGreetings']> = {
  method: 'GET',
  path: '/api/v1/stencil-demo/greetings',
  access: 'user',
};
