import { billingRoutes } from '@mer/contracts';
import { registerRoute, type App } from '@mer/service-runtime';
import type { BillingDeps } from '../use-cases/deps.ts';
import {
  createPlan,
  editPlan,
  listPlansForAdmins,
  listPlansForMembers,
  reorder,
} from '../use-cases/plans.ts';

/** Plans: public list; admins (permission-guarded in the contract) create, edit, deactivate and reorder. */
export function registerPlanRoutes(app: App, deps: BillingDeps): void {
  const { ctx } = deps;
  registerRoute(app, billingRoutes.listPlans, async () => listPlansForMembers(ctx.db));
  registerRoute(app, billingRoutes.adminListPlans, async () => listPlansForAdmins(ctx.db));
  registerRoute(app, billingRoutes.adminCreatePlan, async (request) => createPlan(ctx, request.body));
  registerRoute(app, billingRoutes.adminUpdatePlan, async (request) =>
    editPlan(ctx, request.params.planId, request.body),
  );
  registerRoute(app, billingRoutes.adminReorderPlans, async (request) => reorder(ctx, request.body.planIds));
}
