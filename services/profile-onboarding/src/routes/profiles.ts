import { profileOnboardingRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { ProfileOnboardingDeps } from '../deps.ts';
import { getMyProfile, getPublicProfile } from '../use-cases/my-profile.ts';
import { updateMyProfile } from '../use-cases/onboarding.ts';

/** Profiles: the member is always the verified token's subject, never a value from the request. */
export function registerProfileRoutes(app: App, deps: ProfileOnboardingDeps): void {
  registerRoute(app, profileOnboardingRoutes.myProfile, async (request) =>
    getMyProfile(deps, currentUser(request).sub),
  );
  registerRoute(app, profileOnboardingRoutes.updateMyProfile, async (request) =>
    updateMyProfile(deps, currentUser(request).sub, request.body),
  );
  registerRoute(app, profileOnboardingRoutes.publicProfile, async (request) =>
    getPublicProfile(deps, request.params.userId),
  );
}
