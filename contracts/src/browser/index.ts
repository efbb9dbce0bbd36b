// Generated from routesByService by contracts/scripts/generate-browser-routes.ts: do not edit.
// The browser route table: import a service namespace and pass its routes to `call` (@mer/api-client).
// Each route is its own export, so a bundle keeps only the routes its code uses.
export type * from './route.ts';
export * as billing from './billing.ts';
export * as communityFeed from './community-feed.ts';
export * as eventsCircles from './events-circles.ts';
export * as identity from './identity.ts';
export * as messaging from './messaging.ts';
export * as notificationsEmail from './notifications-email.ts';
export * as profileOnboarding from './profile-onboarding.ts';
export * as socialGraph from './social-graph.ts';
