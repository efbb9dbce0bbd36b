import { profileChartRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App, type ServiceContext } from '@mer/service-runtime';
import type { ProfileOnboardingConfig } from '../config.ts';
import {
  calculateSigns,
  compatibilityWith,
  deleteMyChart,
  getMyChart,
  getSharedChart,
  noCities,
  storeMyChart,
  type CityResolver,
} from '../use-cases/charts.ts';

/** Charts: computed in-process by @mer/chart-engine; the member is always the verified token's subject. */
export function registerChartRoutes(
  app: App,
  ctx: ServiceContext<ProfileOnboardingConfig>,
  resolveCity: CityResolver = noCities,
): void {
  registerRoute(app, profileChartRoutes.calculateChart, async (request) =>
    calculateSigns(request.body, resolveCity),
  );
  registerRoute(app, profileChartRoutes.storeMyChart, async (request) =>
    storeMyChart(ctx.db, currentUser(request).sub, request.body, resolveCity),
  );
  registerRoute(app, profileChartRoutes.getMyChart, async (request) =>
    getMyChart(ctx.db, currentUser(request).sub),
  );
  registerRoute(app, profileChartRoutes.deleteMyChart, async (request) => {
    await deleteMyChart(ctx.db, currentUser(request).sub);
  });
  registerRoute(app, profileChartRoutes.memberChart, async (request) =>
    getSharedChart(ctx.db, request.params.userId),
  );
  registerRoute(app, profileChartRoutes.compatibility, async (request) =>
    compatibilityWith(ctx.db, currentUser(request).sub, request.params.userId),
  );
}
