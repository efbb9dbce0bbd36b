// Generated from routesByService by contracts/scripts/generate-browser-routes.ts: do not edit.
import type { RoutesByService } from '../index.ts';
import type { BrowserRouteOf } from './route.ts';

type Routes = RoutesByService['notifications-email'];

/** E-mails MER sent or queued, newest first (the admin e-mail tester and local outbox) */
export const listOutbox: BrowserRouteOf<Routes['listOutbox']> = {
  method: 'GET',
  path: '/api/v1/notifications-email/admin/outbox',
  access: 'user',
};

/** The member's data held by notifications-email, for "Download my data" (the member is the token's subject) */
export const exportMyData: BrowserRouteOf<Routes['exportMyData']> = {
  method: 'GET',
  path: '/api/v1/notifications-email/me/export',
  access: 'user',
};
