import { describe, expect, it } from 'vitest';
import { billingRoutes, identityRoutes, profileChartRoutes, profileOnboardingRoutes } from '@mer/contracts';
import { BILLING_PATHS } from './billing.ts';
import { IDENTITY_PATHS } from './identity.ts';
import { PROFILE_PATHS } from './profile.ts';

describe('the identity client follows the contracts', () => {
  it('uses the contract path of every route it calls', () => {
    for (const [operation, path] of Object.entries(IDENTITY_PATHS)) {
      const route = identityRoutes[operation as keyof typeof identityRoutes];
      expect(route, operation).toBeDefined();
      expect(path, operation).toBe(route.path);
    }
  });
});

describe('the billing client follows the contracts', () => {
  it('uses the contract path of every route it calls', () => {
    for (const [operation, path] of Object.entries(BILLING_PATHS)) {
      const route = billingRoutes[operation as keyof typeof billingRoutes];
      expect(route, operation).toBeDefined();
      expect(path, operation).toBe(route.path);
    }
  });
});

describe('the profile client follows the contracts', () => {
  it('uses the contract path of every route it calls', () => {
    const routes = { ...profileOnboardingRoutes, ...profileChartRoutes };
    for (const [operation, path] of Object.entries(PROFILE_PATHS)) {
      const route = routes[operation as keyof typeof routes];
      expect(route, operation).toBeDefined();
      expect(path, operation).toBe(route.path);
    }
  });
});
