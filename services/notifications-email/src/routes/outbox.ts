import { notificationsEmailRoutes } from '@mer/contracts';
import { registerRoute, type App } from '@mer/service-runtime';
import type { NotificationsEmailDeps } from '../deps.ts';
import { listOutbox } from '../use-cases/list-outbox.ts';

/** The admin e-mail tester and the local outbox: what MER sent or queued, newest first. */
export function registerOutboxRoutes(app: App, deps: NotificationsEmailDeps): void {
  registerRoute(app, notificationsEmailRoutes.listOutbox, async (request) => ({
    emails: await listOutbox(deps, request.query),
  }));
}
