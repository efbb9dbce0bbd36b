import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { ProfileOnboardingConfigSchema } from './config.ts';
import { createProfileOnboardingDeps } from './deps.ts';
import { membershipActivatedConsumer } from './events/handlers/billing.membership.activated.v1.ts';
import { membershipCancelledConsumer } from './events/handlers/billing.membership.cancelled.v1.ts';
import { membershipExpiredConsumer } from './events/handlers/billing.membership.expired.v1.ts';
import { membershipPlanChangedConsumer } from './events/handlers/billing.membership.plan-changed.v1.ts';
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
import { registerOnboardingRoutes } from './routes/onboarding.ts';
import { registerProfileRoutes } from './routes/profiles.ts';
import { registerReferenceDataRoutes } from './routes/reference-data.ts';
import { loadCityIndex } from './adapters/city-data.ts';
import { PHOTO_SWEEP_INTERVAL_MS, sweepPhotos } from './use-cases/photos.ts';
import { seedReferenceData } from './use-cases/reference-data.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * profile-onboarding as the runtime starts it, in both topologies: its config, migrations, its deps (deps.ts),
 * the consumers of identity's and billing's events (one file each under events/handlers/), its routes, and the
 * start hook (reference data, city index, the photo clean-up).
 */
export const profileOnboardingService = defineService({
  name: 'profile-onboarding',
  config: ProfileOnboardingConfigSchema,
  migrationsDir,
  deps: createProfileOnboardingDeps,
  consumers: [
    userRegisteredConsumer,
    emailConfirmedConsumer,
    userDeletedConsumer,
    userRolesChangedConsumer,
    membershipActivatedConsumer,
    membershipRenewedConsumer,
    membershipCancelledConsumer,
    membershipExpiredConsumer,
    membershipPlanChangedConsumer,
  ],
  routes(app, deps) {
    registerCommunityStatsRoutes(app, deps);
    registerProfileRoutes(app, deps);
    registerReferenceDataRoutes(app, deps);
    registerInterestSuggestionRoutes(app, deps);
    registerOnboardingRoutes(app, deps);
    registerPhotoRoutes(app, deps);
    registerMemberDataExportRoutes(app, deps);
    registerChartRoutes(app, deps);
  },
  // Languages and practices from their npm package and catalogue, and the city index, before the first request;
  // then the photo clean-up in the background. Stopped after the last request and event.
  async start(deps) {
    await seedReferenceData(deps);
    await loadCityIndex();
    const photoSweep = setInterval(() => void sweepPhotos(deps), PHOTO_SWEEP_INTERVAL_MS);
    photoSweep.unref();
    return async () => {
      clearInterval(photoSweep);
      await deps.faceDetector.close();
    };
  },
});
