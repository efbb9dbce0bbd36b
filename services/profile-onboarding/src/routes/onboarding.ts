import { profileOnboardingRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { ProfileOnboardingDeps } from '../deps.ts';
import { completeOnboarding, getDraft, removeDraft, saveDraft } from '../use-cases/onboarding.ts';

/** The wizard's saved progress and its completion. */
export function registerOnboardingRoutes(app: App, deps: ProfileOnboardingDeps): void {
  registerRoute(app, profileOnboardingRoutes.getOnboardingDraft, async (request) =>
    getDraft(deps, currentUser(request).sub),
  );
  registerRoute(app, profileOnboardingRoutes.saveOnboardingDraft, async (request) =>
    saveDraft(deps, currentUser(request).sub, request.body),
  );
  registerRoute(app, profileOnboardingRoutes.deleteOnboardingDraft, async (request) => {
    await removeDraft(deps, currentUser(request).sub);
  });
  registerRoute(app, profileOnboardingRoutes.completeOnboarding, async (request) =>
    completeOnboarding(deps, currentUser(request).sub, request.body),
  );
}
