import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { NotificationsEmailConfigSchema } from './config.ts';
import { createNotificationsEmailDeps } from './deps.ts';
import { EmailDispatcher } from './adapters/email-dispatcher.ts';
import { registerOutboxRoutes } from './routes/outbox.ts';
import { registerMemberDataExportRoutes } from './routes/member-data-export.ts';
import { userRegisteredConsumer } from './events/handlers/identity.user.registered.v1.ts';
import { passwordResetRequestedConsumer } from './events/handlers/identity.password-reset.requested.v1.ts';
import { waitingListInvitedConsumer } from './events/handlers/identity.waiting-list.invited.v1.ts';
import { emailChangeRequestedConsumer } from './events/handlers/identity.email-change.requested.v1.ts';
import { passwordChangedConsumer } from './events/handlers/identity.password.changed.v1.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';

/**
 * notifications-email: queues the e-mails identity's events ask for and sends them. The mail
 * transport and the site's links are built in deps (from the validated config); the dispatcher
 * runs from the start hook until the service stops. The definition holds no state, so tests start
 * several copies of it with different settings.
 */
export const notificationsEmailService = defineService({
  name: 'notifications-email',
  config: NotificationsEmailConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  deps: createNotificationsEmailDeps,
  consumers: [
    userRegisteredConsumer,
    passwordResetRequestedConsumer,
    waitingListInvitedConsumer,
    emailChangeRequestedConsumer,
    passwordChangedConsumer,
    userDeletedConsumer,
  ],
  routes(app, deps) {
    registerOutboxRoutes(app, deps);
    registerMemberDataExportRoutes(app, deps);
  },
  async start(deps) {
    const dispatcher = new EmailDispatcher({
      db: deps.db,
      transport: deps.mailTransport,
      log: deps.log,
      pollIntervalMs: deps.config.EMAIL_POLL_INTERVAL_MS,
      retryBaseMs: deps.config.EMAIL_RETRY_BASE_MS,
      leaseMs: deps.config.EMAIL_SEND_LEASE_MS,
    });
    dispatcher.start();
    return async () => {
      await dispatcher.stop();
      deps.mailTransport.close();
    };
  },
});
