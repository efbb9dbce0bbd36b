// Generated from routesByService by contracts/scripts/generate-browser-routes.ts: do not edit.
import type { RoutesByService } from '../index.ts';
import type { BrowserRouteOf } from './route.ts';

type Routes = RoutesByService['admin'];

/** A signed-in member's browser logs security events (log_security_event), batched; rate-limited per session */
export const logSecurityEvents: BrowserRouteOf<Routes['logSecurityEvents']> = {
  method: 'POST',
  path: '/api/v1/admin/security-events/browser',
  access: 'user',
};

/** The security log, newest first (at most 100), filtered by severity, type, member or state */
export const listSecurityEvents: BrowserRouteOf<Routes['listSecurityEvents']> = {
  method: 'GET',
  path: '/api/v1/admin/security-events',
  access: 'user',
};

/** Marks a security event resolved by the current admin */
export const resolveSecurityEvent: BrowserRouteOf<Routes['resolveSecurityEvent']> = {
  method: 'POST',
  path: '/api/v1/admin/security-events/:id/resolve',
  access: 'user',
};

/** Reported content and members with their reports, most reported first (open) or newest decided */
export const moderationQueue: BrowserRouteOf<Routes['moderationQueue']> = {
  method: 'GET',
  path: '/api/v1/admin/moderation',
  access: 'user',
};

/** Dismiss, hide, restore, delete, warn or suspend: the owning service carries it out; reporters are told */
export const decideModeration: BrowserRouteOf<Routes['decideModeration']> = {
  method: 'POST',
  path: '/api/v1/admin/moderation/:id/decisions',
  access: 'user',
};

/** Figures of the community for the admin dashboard (from the events the admin service consumes) */
export const dashboard: BrowserRouteOf<Routes['dashboard']> = {
  method: 'GET',
  path: '/api/v1/admin/dashboard',
  access: 'user',
};

/** Every admin action: who, when, on what, before and after (newest first) */
export const auditTrail: BrowserRouteOf<Routes['auditTrail']> = {
  method: 'GET',
  path: '/api/v1/admin/audit',
  access: 'user',
};

/** Full diagnostics: each durable bus consumer's lag (pending and unacknowledged events) */
export const busDiagnostics: BrowserRouteOf<Routes['busDiagnostics']> = {
  method: 'GET',
  path: '/api/v1/admin/diagnostics/bus',
  access: 'user',
};
