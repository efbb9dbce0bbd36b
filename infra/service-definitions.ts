import type { ServiceDefinition } from '@mer/service-runtime';
import { identityService } from '@mer/identity';
import { notificationsEmailService } from '@mer/notifications-email';
import { profileOnboardingService } from '@mer/profile-onboarding';
import { billingService } from '@mer/billing';
import { communityFeedService } from '@mer/community-feed';
import { socialGraphService } from '@mer/social-graph';
import { messagingService } from '@mer/messaging';
import { eventsCirclesService } from '@mer/events-circles';

/**
 * The composition root's list of services, in start order (identity first: the others verify
 * tokens with its key set). Only the topologies import services; services never import each other.
 */
export const SERVICE_DEFINITIONS: ServiceDefinition<any, any, any>[] = [
  identityService,
  notificationsEmailService,
  profileOnboardingService,
  billingService,
  communityFeedService,
  socialGraphService,
  messagingService,
  eventsCirclesService,
  // new:service inserts definitions above this line
];
