import { profileOnboardingRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App, type ServiceContext } from '@mer/service-runtime';
import type { ProfileOnboardingConfig } from '../config.ts';
import { completeOnboarding, getDraft, removeDraft, saveDraft } from '../use-cases/onboarding.ts';
import type { ReferenceData } from '../use-cases/reference-data.ts';

/** The wizard's saved progress and its completion. */
export function registerOnboardingRoutes(
  app: App,
  ctx: ServiceContext<ProfileOnboardingConfig>,
  reference: ReferenceData,
): void {
  registerRoute(app, profileOnboardingRoutes.getOnboardingDraft, async (request) =>
    getDraft(ctx.db, currentUser(request).sub),
  );
  registerRoute(app, profileOnboardingRoutes.saveOnboardingDraft, async (request) =>
    saveDraft(ctx.db, currentUser(request).sub, request.body),
  );
  registerRoute(app, profileOnboardingRoutes.deleteOnboardingDraft, async (request) => {
    await removeDraft(ctx.db, currentUser(request).sub);
  });
  registerRoute(app, profileOnboardingRoutes.completeOnboarding, async (request) =>
    completeOnboarding(ctx, reference, currentUser(request).sub, request.body),
  );
}
