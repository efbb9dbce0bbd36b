import { profileOnboardingRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App, type ServiceContext } from '@mer/service-runtime';
import type { ProfileOnboardingConfig } from '../config.ts';
import { getMyProfile, getPublicProfile } from '../use-cases/my-profile.ts';
import { updateMyProfile } from '../use-cases/onboarding.ts';
import type { ReferenceData } from '../use-cases/reference-data.ts';

/** Profiles: the member is always the verified token's subject, never a value from the request. */
export function registerProfileRoutes(
  app: App,
  ctx: ServiceContext<ProfileOnboardingConfig>,
  reference: ReferenceData,
): void {
  registerRoute(app, profileOnboardingRoutes.myProfile, async (request) =>
    getMyProfile(ctx.db, reference, currentUser(request).sub),
  );
  registerRoute(app, profileOnboardingRoutes.updateMyProfile, async (request) =>
    updateMyProfile(ctx, reference, currentUser(request).sub, request.body),
  );
  registerRoute(app, profileOnboardingRoutes.publicProfile, async (request) =>
    getPublicProfile(ctx.db, reference, request.params.userId),
  );
}
