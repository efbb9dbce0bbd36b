import { profileOnboardingRoutes } from '@mer/contracts';
import { registerRoute, type App, type ServiceContext } from '@mer/service-runtime';
import type { ProfileOnboardingConfig } from '../config.ts';
import { getCity, getPractices, searchCities, type ReferenceData } from '../use-cases/reference-data.ts';

/** Cities, languages and practices for the wizard and settings. */
export function registerReferenceDataRoutes(
  app: App,
  ctx: ServiceContext<ProfileOnboardingConfig>,
  reference: ReferenceData,
): void {
  registerRoute(app, profileOnboardingRoutes.cities, async (request) =>
    searchCities(reference, request.query.q),
  );
  registerRoute(app, profileOnboardingRoutes.city, async (request) => getCity(reference, request.params.id));
  registerRoute(app, profileOnboardingRoutes.languages, async () => ({
    languages: await reference.languages(),
  }));
  registerRoute(app, profileOnboardingRoutes.practices, async () => getPractices(ctx.db));
}
