import { notificationsEmailRoutes as routes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { NotificationsEmailDeps } from '../deps.ts';
import {
  listMyNotifications,
  markManyRead,
  markOneRead,
  unreadCount,
} from '../use-cases/notification-list.ts';

/** The bell, the drawer and /notifications: the caller's own notifications only. */
export function registerNotificationRoutes(app: App, deps: NotificationsEmailDeps): void {
  registerRoute(app, routes.listNotifications, async (request) =>
    listMyNotifications(deps, currentUser(request).sub, request.query),
  );
  registerRoute(app, routes.unreadNotificationCount, async (request) => ({
    unreadCount: await unreadCount(deps, currentUser(request).sub),
  }));
  registerRoute(app, routes.markNotificationRead, async (request) =>
    markOneRead(deps, currentUser(request).sub, request.params.notificationId),
  );
  registerRoute(app, routes.markNotificationsRead, async (request) =>
    markManyRead(deps, currentUser(request).sub, request.body),
  );
}
