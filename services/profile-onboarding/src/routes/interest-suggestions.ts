import { profileOnboardingRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { ProfileOnboardingDeps } from '../deps.ts';
import {
  approveSuggestion,
  getSuggestions,
  rejectSuggestion,
  suggestInterest,
} from '../use-cases/interest-suggestions.ts';

/** Custom interests and their review by admins. */
export function registerInterestSuggestionRoutes(app: App, deps: ProfileOnboardingDeps): void {
  registerRoute(app, profileOnboardingRoutes.suggestInterest, async (request, reply) => {
    const outcome = await suggestInterest(deps, currentUser(request).sub, request.body.name);
    // The contract lists 200 before 201 (numeric keys), so both codes are set here.
    if (outcome.kind === 'created') {
      reply.code(201);
      return { suggestion: outcome.suggestion };
    }
    reply.code(200);
    return outcome.kind === 'practice' ? { practice: outcome.practice } : { suggestion: outcome.suggestion };
  });
  registerRoute(app, profileOnboardingRoutes.listInterestSuggestions, async (request) =>
    getSuggestions(deps, request.query.status),
  );
  registerRoute(app, profileOnboardingRoutes.approveInterestSuggestion, async (request) =>
    approveSuggestion(deps, request.params.id, currentUser(request).sub),
  );
  registerRoute(app, profileOnboardingRoutes.rejectInterestSuggestion, async (request) =>
    rejectSuggestion(deps, request.params.id, currentUser(request).sub, request.body.reason),
  );
}
