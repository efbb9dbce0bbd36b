import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { EventsCirclesConfigSchema } from './config.ts';
import { createEventsCirclesDeps } from './deps.ts';
import { moderationDecidedConsumer } from './events/handlers/admin.moderation.decided.v1.ts';
import { membershipActivatedConsumer } from './events/handlers/billing.membership.activated.v1.ts';
import { membershipCancelledConsumer } from './events/handlers/billing.membership.cancelled.v1.ts';
import { membershipExpiredConsumer } from './events/handlers/billing.membership.expired.v1.ts';
import { membershipPlanChangedConsumer } from './events/handlers/billing.membership.plan-changed.v1.ts';
import { membershipRenewedConsumer } from './events/handlers/billing.membership.renewed.v1.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';
import { profileCompletedConsumer } from './events/handlers/profile-onboarding.profile.completed.v1.ts';
import { profileUpdatedConsumer } from './events/handlers/profile-onboarding.profile.updated.v1.ts';
import { connectionAcceptedConsumer } from './events/handlers/social-graph.connection.accepted.v1.ts';
import { connectionRemovedConsumer } from './events/handlers/social-graph.connection.removed.v1.ts';
import { registerCalendarRoutes } from './routes/calendars.ts';
import { registerCircleContentRoutes } from './routes/circle-content.ts';
import { registerCircleRoutes } from './routes/circles.ts';
import { registerEventRoutes } from './routes/events.ts';
import { registerMeetupRoutes } from './routes/meetups.ts';
import { registerDiscoveryRoutes } from './routes/recommendations.ts';
import { registerReportRoutes } from './routes/reports.ts';
import { retrainRecommendations } from './use-cases/recommendations.ts';
import { startReminderScheduler } from './use-cases/reminders.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * events-circles as the runtime starts it, in both topologies: its config, migrations, deps, the consumers of other
 * services' events (one file each under events/handlers/), its routes, and two background jobs: the reminder
 * scheduler and the recommendation model's retraining.
 */
export const eventsCirclesService = defineService({
  name: 'events-circles',
  config: EventsCirclesConfigSchema,
  migrationsDir,
  deps: createEventsCirclesDeps,
  consumers: [
    userDeletedConsumer,
    profileCompletedConsumer,
    profileUpdatedConsumer,
    membershipActivatedConsumer,
    membershipRenewedConsumer,
    membershipCancelledConsumer,
    membershipExpiredConsumer,
    membershipPlanChangedConsumer,
    connectionAcceptedConsumer,
    connectionRemovedConsumer,
    moderationDecidedConsumer,
  ],
  routes(app, deps) {
    registerCircleRoutes(app, deps);
    registerCircleContentRoutes(app, deps);
    registerEventRoutes(app, deps);
    registerMeetupRoutes(app, deps);
    registerCalendarRoutes(app, deps);
    registerDiscoveryRoutes(app, deps);
    registerReportRoutes(app, deps);
  },
  async start(deps) {
    const stopReminders = startReminderScheduler(deps);
    const retrain = () =>
      retrainRecommendations(deps).catch((err: unknown) =>
        deps.log.warn({ err }, 'recommendation training failed'),
      );
    const first = setTimeout(() => void retrain(), 1_000);
    const every =
      deps.config.RECOMMENDATION_TRAIN_MS > 0
        ? setInterval(() => void retrain(), deps.config.RECOMMENDATION_TRAIN_MS)
        : undefined;
    return async () => {
      clearTimeout(first);
      if (every) clearInterval(every);
      await stopReminders();
    };
  },
});
