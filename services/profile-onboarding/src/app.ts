import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { ProfileOnboardingConfigSchema } from './config.ts';
import { emailConfirmedConsumer } from './events/handlers/identity.email.confirmed.v1.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';
import { userRegisteredConsumer } from './events/handlers/identity.user.registered.v1.ts';
import { registerChartRoutes } from './routes/charts.ts';
import { registerCommunityStatsRoutes } from './routes/community-stats.ts';
import { registerPhotoRoutes } from './routes/photos.ts';
import { registerProfileRoutes } from './routes/profiles.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * profile-onboarding as the runtime starts it, in both topologies: its config, migrations, the consumers
 * of identity's events (one file each under events/handlers/) and its routes.
 */
export const profileOnboardingService = defineService({
  name: 'profile-onboarding',
  config: ProfileOnboardingConfigSchema,
  migrationsDir,
  consumers: [userRegisteredConsumer, emailConfirmedConsumer, userDeletedConsumer],
  routes(app, ctx) {
    registerCommunityStatsRoutes(app, ctx);
    registerProfileRoutes(app, ctx);
    registerPhotoRoutes(app, ctx);
    registerChartRoutes(app, ctx);
  },
});
