import { notificationsEmailRoutes as routes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { NotificationsEmailDeps } from '../deps.ts';
import {
  getEmailPreferences,
  unsubscribeByLink,
  unsubscribePage,
  updateEmailPreferences,
} from '../use-cases/email-preferences.ts';

export async function registerEmailPreferenceRoutes(app: App, deps: NotificationsEmailDeps): Promise<void> {
  registerRoute(app, routes.getEmailPreferences, async (request) =>
    getEmailPreferences(deps, currentUser(request).sub),
  );
  registerRoute(app, routes.updateEmailPreferences, async (request) =>
    updateEmailPreferences(deps, currentUser(request).sub, request.body),
  );
  await app.register(async (scope) => {
    // The one-click POST (RFC 8058) and the page's form send List-Unsubscribe=One-Click as a form: nothing in it
    // matters, the signed token in the address says who.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
      done(null, undefined),
    );
    registerRoute(scope, routes.showUnsubscribePage, async (request, reply) => {
      const page = await unsubscribePage(deps, request.query.token);
      return reply
        .code(page.status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.html);
    });
    registerRoute(scope, routes.unsubscribe, async (request, reply) => {
      const page = await unsubscribeByLink(deps, request.query.token);
      return reply
        .code(page.status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.html);
    });
  });
}
