import { billingRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import { memberMembershipForAdmin, revenueReport } from '../use-cases/admin-reports.ts';
import { syncMembershipByEmail } from '../use-cases/admin-sync.ts';
import { startCheckout, validateDiscount } from '../use-cases/checkout.ts';
import type { BillingDeps } from '../deps.ts';
import { cancelMyMembership, customerPortal, getMyMembership } from '../use-cases/memberships.ts';
import { changePlan, previewPlanChange } from '../use-cases/plan-change.ts';

/**
 * The member's membership and checkouts: the member is always the verified token's subject. Admin routes (guarded by
 * their contract's permission rule) sync a membership, read one member's, and report revenue.
 */
export function registerMembershipRoutes(app: App, deps: BillingDeps): void {
  registerRoute(app, billingRoutes.myMembership, async (request) =>
    getMyMembership(deps, currentUser(request).sub),
  );
  registerRoute(app, billingRoutes.cancelMyMembership, async (request) =>
    cancelMyMembership(deps, currentUser(request).sub),
  );
  registerRoute(app, billingRoutes.customerPortal, async (request) =>
    customerPortal(deps, currentUser(request).sub),
  );
  registerRoute(app, billingRoutes.previewPlanChange, async (request) =>
    previewPlanChange(deps, currentUser(request).sub, request.body.planId),
  );
  registerRoute(app, billingRoutes.changePlan, async (request) =>
    changePlan(deps, currentUser(request).sub, request.body.planId, request.body.prorationDate),
  );
  registerRoute(app, billingRoutes.createCheckout, async (request) =>
    startCheckout(deps, currentUser(request).sub, request.body.planId),
  );
  registerRoute(app, billingRoutes.validateDiscount, async (request) =>
    validateDiscount(deps, currentUser(request).sub, request.body.planId ?? null),
  );
  registerRoute(app, billingRoutes.adminSyncMembership, async (request) =>
    syncMembershipByEmail(deps, request.body.email),
  );
  registerRoute(app, billingRoutes.adminMemberMembership, async (request) =>
    memberMembershipForAdmin(deps, request.params.userId),
  );
  registerRoute(app, billingRoutes.adminRevenue, async (request) =>
    revenueReport(deps, request.query.months),
  );
}
