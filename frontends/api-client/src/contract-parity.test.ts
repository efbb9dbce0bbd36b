import { describe, expect, it } from 'vitest';
import { billingRoutes, identityRoutes } from '@mer/contracts';
import { BILLING_PATHS } from './billing.ts';
import { IDENTITY_PATHS } from './identity.ts';

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
