import { notificationsEmailRoutes as routes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { NotificationsEmailDeps } from '../deps.ts';
import { processConnectionRequestEmails } from '../use-cases/connection-request-emails.ts';
import { sendDigestsNow } from '../use-cases/digests.ts';
import { emailLogs } from '../use-cases/email-tracking.ts';
import { sendTestEmail } from '../use-cases/email-test.ts';

/** The /email-test page and the admin tools (/session-manager): tester, batch sender, digests, logs. */
export function registerEmailAdminRoutes(app: App, deps: NotificationsEmailDeps): void {
  registerRoute(app, routes.sendTestEmail, async (request) =>
    sendTestEmail(deps, currentUser(request).sub, request.body),
  );
  registerRoute(app, routes.processConnectionRequestEmails, async (request) =>
    processConnectionRequestEmails(deps, { limit: request.body.limit }),
  );
  registerRoute(app, routes.sendDigests, async (request) => ({
    queued: await sendDigestsNow(deps, request.body.digestType, request.body.userId),
  }));
  registerRoute(app, routes.listEmailLogs, async (request) => emailLogs(deps, request.query));
}
