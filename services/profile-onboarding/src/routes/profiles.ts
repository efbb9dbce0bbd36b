import { profileOnboardingRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App, type ServiceContext } from '@mer/service-runtime';
import type { ProfileOnboardingConfig } from '../config.ts';
import { getMyProfile } from '../use-cases/my-profile.ts';

/** Profiles: the member is always the verified token's subject, never a value from the request. */
export function registerProfileRoutes(app: App, ctx: ServiceContext<ProfileOnboardingConfig>): void {
  registerRoute(app, profileOnboardingRoutes.myProfile, async (request) =>
    getMyProfile(ctx.db, currentUser(request).sub),
  );
}
