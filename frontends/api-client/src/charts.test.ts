import { describe, expect, it } from 'vitest';
import { profileChartRoutes } from '@mer/contracts';
import { CHART_PATHS, CHART_WRITE_PATHS } from './charts.ts';

describe('the charts client follows the contracts', () => {
  it('uses the contract path of every route it calls', () => {
    for (const [operation, path] of Object.entries(CHART_PATHS)) {
      const route = profileChartRoutes[operation as keyof typeof profileChartRoutes];
      expect(route, operation).toBeDefined();
      expect(path, operation).toBe(route.path);
      expect(route.method, operation).toBe('GET');
    }
  });

  it('writes the own chart with the contract method and path', () => {
    for (const [operation, { method, path }] of Object.entries(CHART_WRITE_PATHS)) {
      const route = profileChartRoutes[operation as keyof typeof profileChartRoutes];
      expect(route, operation).toBeDefined();
      expect(path, operation).toBe(route.path);
      expect(method, operation).toBe(route.method);
    }
  });
});
