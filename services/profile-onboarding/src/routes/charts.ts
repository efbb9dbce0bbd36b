import { profileChartRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { ProfileOnboardingDeps } from '../deps.ts';
import {
  calculateSigns,
  compatibilityWith,
  deleteMyChart,
  getMyChart,
  getSharedChart,
  storeMyChart,
} from '../use-cases/charts.ts';

/** Charts: computed in-process by @mer/chart-engine; the member is always the verified token's subject. */
export function registerChartRoutes(app: App, deps: ProfileOnboardingDeps): void {
  registerRoute(app, profileChartRoutes.calculateChart, async (request) =>
    calculateSigns(deps, request.body),
  );
  registerRoute(app, profileChartRoutes.storeMyChart, async (request) =>
    storeMyChart(deps, currentUser(request).sub, request.body),
  );
  registerRoute(app, profileChartRoutes.getMyChart, async (request) =>
    getMyChart(deps, currentUser(request).sub),
  );
  registerRoute(app, profileChartRoutes.deleteMyChart, async (request) => {
    await deleteMyChart(deps, currentUser(request).sub);
  });
  registerRoute(app, profileChartRoutes.memberChart, async (request) =>
    getSharedChart(deps, request.params.userId),
  );
  registerRoute(app, profileChartRoutes.compatibility, async (request) =>
    compatibilityWith(deps, currentUser(request).sub, request.params.userId),
  );
}
