import { socialGraphRoutes as r } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { SocialGraphDeps } from '../deps.ts';
import { block, mute, myBlocks, myMutes, reportMember, unblock, unmute } from '../use-cases/blocks.ts';

export function registerBlockRoutes(app: App, deps: SocialGraphDeps): void {
  registerRoute(app, r.block, async (req) => {
    await block(deps, currentUser(req).sub, req.body.userId);
  });
  registerRoute(app, r.unblock, async (req) => {
    await unblock(deps, currentUser(req).sub, req.params.userId);
  });
  registerRoute(app, r.myBlocks, async (req) => myBlocks(deps, currentUser(req).sub));
  registerRoute(app, r.mute, async (req) => {
    await mute(deps, currentUser(req).sub, req.body.userId);
  });
  registerRoute(app, r.unmute, async (req) => {
    await unmute(deps, currentUser(req).sub, req.params.userId);
  });
  registerRoute(app, r.myMutes, async (req) => myMutes(deps, currentUser(req).sub));
  registerRoute(app, r.reportMember, async (req) => {
    return reportMember(deps, currentUser(req).sub, req.body);
  });
}
