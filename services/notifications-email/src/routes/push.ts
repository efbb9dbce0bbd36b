import { notificationsEmailRoutes as routes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { NotificationsEmailDeps } from '../deps.ts';
import { pushPublicKey, sendTestPush, subscribeDevice, unsubscribeDevice } from '../use-cases/push.ts';

export function registerPushRoutes(app: App, deps: NotificationsEmailDeps): void {
  registerRoute(app, routes.getPushPublicKey, async () => pushPublicKey(deps));
  registerRoute(app, routes.subscribePush, async (request) =>
    subscribeDevice(deps, currentUser(request).sub, request.body),
  );
  registerRoute(app, routes.unsubscribePush, async (request) => {
    await unsubscribeDevice(deps, currentUser(request).sub, request.body.endpoint);
  });
  registerRoute(app, routes.sendTestPush, async (request) => sendTestPush(deps, currentUser(request).sub));
}
