import { profileOnboardingRoutes } from '@mer/contracts';
import { registerRoute, type App } from '@mer/service-runtime';
import type { ProfileOnboardingDeps } from '../deps.ts';
import { getCity, getPractices, searchCities } from '../use-cases/reference-data.ts';

/** Cities, languages and practices for the wizard and settings. */
export function registerReferenceDataRoutes(app: App, deps: ProfileOnboardingDeps): void {
  registerRoute(app, profileOnboardingRoutes.cities, async (request) => searchCities(deps, request.query.q));
  registerRoute(app, profileOnboardingRoutes.city, async (request) => getCity(deps, request.params.id));
  registerRoute(app, profileOnboardingRoutes.languages, async () => ({
    languages: await deps.reference.languages(),
  }));
  registerRoute(app, profileOnboardingRoutes.practices, async () => getPractices(deps));
}
