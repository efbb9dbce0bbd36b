import { profileOnboardingRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App, type ServiceContext } from '@mer/service-runtime';
import type { ProfileOnboardingConfig } from '../config.ts';
import {
  approveSuggestion,
  getSuggestions,
  rejectSuggestion,
  suggestInterest,
} from '../use-cases/interest-suggestions.ts';

/** Custom interests and their review by admins. */
export function registerInterestSuggestionRoutes(
  app: App,
  ctx: ServiceContext<ProfileOnboardingConfig>,
): void {
  registerRoute(app, profileOnboardingRoutes.suggestInterest, async (request, reply) => {
    const outcome = await suggestInterest(ctx.db, currentUser(request).sub, request.body.name);
    // The contract lists 200 before 201 (numeric keys), so both codes are set here.
    if (outcome.kind === 'created') {
      reply.code(201);
      return { suggestion: outcome.suggestion };
    }
    reply.code(200);
    return outcome.kind === 'practice' ? { practice: outcome.practice } : { suggestion: outcome.suggestion };
  });
  registerRoute(app, profileOnboardingRoutes.listInterestSuggestions, async (request) =>
    getSuggestions(ctx.db, request.query.status),
  );
  registerRoute(app, profileOnboardingRoutes.approveInterestSuggestion, async (request) =>
    approveSuggestion(ctx, request.params.id, currentUser(request).sub),
  );
  registerRoute(app, profileOnboardingRoutes.rejectInterestSuggestion, async (request) =>
    rejectSuggestion(ctx, request.params.id, currentUser(request).sub, request.body.reason),
  );
}
