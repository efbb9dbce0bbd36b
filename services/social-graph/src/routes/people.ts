import { socialGraphRoutes as r } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { SocialGraphDeps } from '../deps.ts';
import { compatibilityWith } from '../use-cases/compatibility.ts';
import { discoverPeople, personCard } from '../use-cases/discovery.ts';
import { dismissRecommendation, recommendationsFor } from '../use-cases/recommendations.ts';

export function registerPeopleRoutes(app: App, deps: SocialGraphDeps): void {
  registerRoute(app, r.discover, async (req) => discoverPeople(deps, currentUser(req).sub, req.query));
  registerRoute(app, r.person, async (req) => personCard(deps, currentUser(req).sub, req.params.userId));
  registerRoute(app, r.compatibility, async (req) =>
    compatibilityWith(deps, currentUser(req).sub, req.params.userId),
  );
  registerRoute(app, r.recommendations, async (req) =>
    recommendationsFor(deps, currentUser(req).sub, req.query.limit ?? 10),
  );
  registerRoute(app, r.dismissRecommendation, async (req) => {
    await dismissRecommendation(deps, currentUser(req).sub, req.params.userId);
  });
}
