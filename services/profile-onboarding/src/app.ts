import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { ProfileOnboardingConfigSchema } from './config.ts';
import { membershipActivatedConsumer } from './events/handlers/billing.membership.activated.v1.ts';
import { membershipCancelledConsumer } from './events/handlers/billing.membership.cancelled.v1.ts';
import { membershipExpiredConsumer } from './events/handlers/billing.membership.expired.v1.ts';
import { membershipRenewedConsumer } from './events/handlers/billing.membership.renewed.v1.ts';
import { emailConfirmedConsumer } from './events/handlers/identity.email.confirmed.v1.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';
import { userRegisteredConsumer } from './events/handlers/identity.user.registered.v1.ts';
import { userRolesChangedConsumer } from './events/handlers/identity.user.roles-changed.v1.ts';
import { registerChartRoutes } from './routes/charts.ts';
import { registerCommunityStatsRoutes } from './routes/community-stats.ts';
import { registerPhotoRoutes } from './routes/photos.ts';
import { registerInterestSuggestionRoutes } from './routes/interest-suggestions.ts';
import { registerMemberDataExportRoutes } from './routes/member-data-export.ts';
import { typed } from './db/tables.ts';
import { registerOnboardingRoutes } from './routes/onboarding.ts';
import { registerProfileRoutes } from './routes/profiles.ts';
import { registerReferenceDataRoutes } from './routes/reference-data.ts';
import { loadCityIndex } from './adapters/city-data.ts';
import { createReferenceData, seedReferenceData } from './use-cases/reference-data.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * profile-onboarding as the runtime starts it, in both topologies: its config, migrations, the consumers
 * of identity's and billing's events (one file each under events/handlers/) and its routes.
 */
export const profileOnboardingService = defineService({
  name: 'profile-onboarding',
  config: ProfileOnboardingConfigSchema,
  migrationsDir,
  consumers: [
    userRegisteredConsumer,
    emailConfirmedConsumer,
    userDeletedConsumer,
    userRolesChangedConsumer,
    membershipActivatedConsumer,
    membershipRenewedConsumer,
    membershipCancelledConsumer,
    membershipExpiredConsumer,
  ],
  routes(app, ctx) {
    const reference = createReferenceData(ctx.db);
    registerCommunityStatsRoutes(app, ctx);
    registerProfileRoutes(app, ctx, reference);
    registerReferenceDataRoutes(app, ctx, reference);
    registerInterestSuggestionRoutes(app, ctx);
    registerOnboardingRoutes(app, ctx, reference);
    registerPhotoRoutes(app, ctx);
    // Becomes registerMemberDataExportRoutes(app, deps) once this service builds typed deps (service shape).
    registerMemberDataExportRoutes(app, { db: typed(ctx.db) });
    // Birth places come from the same offline cities as the member's city.
    registerChartRoutes(app, ctx, async (cityId) => {
      const city = reference.cities.byId(cityId);
      return city ? { latitude: city.latitude, longitude: city.longitude, label: city.label } : null;
    });
  },
  // Languages and practices from their npm package and catalogue, and the city index, before the first request.
  start: async (ctx) => {
    await seedReferenceData(ctx.db);
    await loadCityIndex();
  },
});
