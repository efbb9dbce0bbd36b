export * from './errors.ts';
export * from './events/envelope.ts';
export * from './events/security.ts';
export * from './events/identity.ts';
export * from './http/route.ts';
export * from './http/common.ts';
export * from './http/identity.ts';
export * from './http/notifications-email.ts';
export * from './http/profile-onboarding.ts';
export * from './http/profile-preferences.ts';
export * from './chart-names.ts';
export * from './membership-facts.ts';
export * from './http/profile-charts.ts';
export * from './events/profile-onboarding.ts';
export * from './http/profile-photos.ts';
export * from './events/profile-photos.ts';
export * from './http/billing.ts';
export * from './events/billing.ts';
export * from './http/member-data-export-parts.ts';
export * from './http/member-data-export.ts';
export * from './http/community-feed.ts';
export * from './events/community-feed.ts';
export * from './http/social-graph.ts';
export * from './events/social-graph.ts';
export * from './events/notifications-email.ts';
export * from './http/messaging.ts';
export * from './events/messaging.ts';
export * from './http/events-circles.ts';
export * from './events/events-circles.ts';
// new:service inserts exports above this line
export * from './realtime.ts';
export * from './openapi.ts';

import { identityRoutes } from './http/identity.ts';
import { notificationsEmailRoutes } from './http/notifications-email.ts';
import { identityEvents } from './events/identity.ts';
import { profileOnboardingRoutes } from './http/profile-onboarding.ts';
import { profileChartRoutes } from './http/profile-charts.ts';
import { profileOnboardingEvents } from './events/profile-onboarding.ts';
import { profilePhotoRoutes } from './http/profile-photos.ts';
import { profilePhotoEvents } from './events/profile-photos.ts';
import { billingRoutes } from './http/billing.ts';
import { billingEvents } from './events/billing.ts';
import {
  billingDataExportRoutes,
  communityFeedDataExportRoutes,
  identityDataExportRoutes,
  notificationsEmailDataExportRoutes,
  profileOnboardingDataExportRoutes,
  socialGraphDataExportRoutes,
  messagingDataExportRoutes,
  eventsCirclesDataExportRoutes,
} from './http/member-data-export.ts';
import { communityFeedRoutes } from './http/community-feed.ts';
import { communityFeedEvents } from './events/community-feed.ts';
import { socialGraphRoutes } from './http/social-graph.ts';
import { socialGraphEvents } from './events/social-graph.ts';
import { notificationsEmailEvents } from './events/notifications-email.ts';
import { messagingRoutes } from './http/messaging.ts';
import { messagingEvents } from './events/messaging.ts';
import { eventsCirclesRoutes } from './http/events-circles.ts';
import { eventsCirclesEvents } from './events/events-circles.ts';
// new:service inserts imports above this line
import type { RouteDefinition } from './http/route.ts';
import type { EventDefinition } from './events/envelope.ts';

/**
 * Every REST route of MER, by service. The OpenAPI document and the browser's route table
 * (`@mer/contracts/browser`, contracts/scripts/generate-browser-routes.ts) are generated from this.
 */
const routesOfEachService = {
  identity: { ...identityRoutes, ...identityDataExportRoutes },
  'notifications-email': { ...notificationsEmailRoutes, ...notificationsEmailDataExportRoutes },
  'profile-onboarding': {
    ...profileOnboardingRoutes,
    ...profilePhotoRoutes,
    ...profileChartRoutes,
    ...profileOnboardingDataExportRoutes,
  },
  billing: { ...billingRoutes, ...billingDataExportRoutes },
  'community-feed': { ...communityFeedRoutes, ...communityFeedDataExportRoutes },
  'social-graph': { ...socialGraphRoutes, ...socialGraphDataExportRoutes },
  messaging: { ...messagingRoutes, ...messagingDataExportRoutes },
  'events-circles': { ...eventsCirclesRoutes, ...eventsCirclesDataExportRoutes },
  // new:service inserts routes above this line
} satisfies Record<string, Record<string, RouteDefinition>>;
/** The exact type of every route (the browser route table is typed from it). */
export type RoutesByService = typeof routesOfEachService;
export const routesByService: Record<string, Record<string, RouteDefinition>> = routesOfEachService;
export const allRoutes: RouteDefinition[] = Object.values(routesByService).flatMap((r) => Object.values(r));

/** Every domain event of MER. */
export const allEvents: EventDefinition[] = [
  ...identityEvents,
  ...profileOnboardingEvents,
  ...profilePhotoEvents,
  ...billingEvents,
  ...communityFeedEvents,
  ...socialGraphEvents,
  ...notificationsEmailEvents,
  ...messagingEvents,
  ...eventsCirclesEvents,
  // new:service inserts events above this line
];
export const eventsBySubject = new Map(allEvents.map((e) => [e.subject, e]));
