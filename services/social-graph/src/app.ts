import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { SocialGraphConfigSchema } from './config.ts';
import { createSocialGraphDeps } from './deps.ts';
import { membershipActivatedConsumer } from './events/handlers/billing.membership.activated.v1.ts';
import { membershipCancelledConsumer } from './events/handlers/billing.membership.cancelled.v1.ts';
import { membershipExpiredConsumer } from './events/handlers/billing.membership.expired.v1.ts';
import { membershipPlanChangedConsumer } from './events/handlers/billing.membership.plan-changed.v1.ts';
import { membershipRenewedConsumer } from './events/handlers/billing.membership.renewed.v1.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';
import { userRegisteredConsumer } from './events/handlers/identity.user.registered.v1.ts';
import { connectionRequestEmailSentConsumer } from './events/handlers/notifications-email.connection-request-email.sent.v1.ts';
import { profileCompletedConsumer } from './events/handlers/profile-onboarding.profile.completed.v1.ts';
import { profileUpdatedConsumer } from './events/handlers/profile-onboarding.profile.updated.v1.ts';
import { registerBlockRoutes } from './routes/blocks.ts';
import { registerConnectionRoutes } from './routes/connections.ts';
import { registerMemberDataExportRoute } from './routes/member-data-export.ts';
import { registerPeopleRoutes } from './routes/people.ts';
import { retrainRecommendationModel } from './use-cases/recommendations.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * social-graph as the runtime starts it, in both topologies: connection requests, blocks and mutes, people
 * discovery, compatibility and recommendations, over its own read model of members built from events.
 */
export const socialGraphService = defineService({
  name: 'social-graph',
  config: SocialGraphConfigSchema,
  migrationsDir,
  deps: createSocialGraphDeps,
  consumers: [
    userRegisteredConsumer,
    userDeletedConsumer,
    profileCompletedConsumer,
    profileUpdatedConsumer,
    connectionRequestEmailSentConsumer,
    membershipActivatedConsumer,
    membershipRenewedConsumer,
    membershipCancelledConsumer,
    membershipExpiredConsumer,
    membershipPlanChangedConsumer,
  ],
  routes(app, deps) {
    registerConnectionRoutes(app, deps);
    registerBlockRoutes(app, deps);
    registerPeopleRoutes(app, deps);
    registerMemberDataExportRoute(app, deps);
  },
  async start(deps) {
    // The recommendation model is retrained on a schedule; until the first run, the stored one (or the prior).
    const retrain = () =>
      retrainRecommendationModel(deps).catch((err: unknown) =>
        deps.log.error({ err }, 'recommendation model retraining failed'),
      );
    const timer = setInterval(() => void retrain(), deps.config.RECOMMENDATIONS_RETRAIN_MINUTES * 60_000);
    timer.unref();
    return async () => clearInterval(timer);
  },
});
