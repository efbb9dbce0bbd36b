import { billingRoutes } from '@mer/contracts';
import { registerRoute, type App } from '@mer/service-runtime';
import type { BillingDeps } from '../deps.ts';
import {
  createPlan,
  editPlan,
  listPlansForAdmins,
  listPlansForMembers,
  reorder,
} from '../use-cases/plans.ts';

/** Plans: public list; admins (permission-guarded in the contract) create, edit, deactivate and reorder. */
export function registerPlanRoutes(app: App, deps: BillingDeps): void {
  registerRoute(app, billingRoutes.listPlans, async () => listPlansForMembers(deps));
  registerRoute(app, billingRoutes.adminListPlans, async () => listPlansForAdmins(deps));
  registerRoute(app, billingRoutes.adminCreatePlan, async (request) => createPlan(deps, request.body));
  registerRoute(app, billingRoutes.adminUpdatePlan, async (request) =>
    editPlan(deps, request.params.planId, request.body),
  );
  registerRoute(app, billingRoutes.adminReorderPlans, async (request) => reorder(deps, request.body.planIds));
}
