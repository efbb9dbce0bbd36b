import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { NotificationsEmailConfig } from './config.ts';
import { siteLinks } from './domain/email-templates.ts';
import { createMailTransport } from './delivery/mail-transport.ts';
import { EmailDispatcher } from './delivery/email-dispatcher.ts';
import { registerOutboxRoutes } from './routes/outbox.ts';
import { registerMemberDataExportRoutes } from './routes/member-data-export.ts';
import type { NotificationsEmailTables } from './db/tables.ts';
import type { Kysely } from 'kysely';
import type { EmailSettings } from './use-cases/queue-identity-emails.ts';
import { userRegisteredConsumer } from './events/handlers/identity.user.registered.v1.ts';
import { passwordResetRequestedConsumer } from './events/handlers/identity.password-reset.requested.v1.ts';
import { emailChangeRequestedConsumer } from './events/handlers/identity.email-change.requested.v1.ts';
import { passwordChangedConsumer } from './events/handlers/identity.password.changed.v1.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Builds the notifications-email service. Handlers compose e-mails with settings from the
 * validated config (site links, transport), which exists only once the service starts: `start`
 * fills them in, and the runtime subscribes the consumers after `start`.
 * Each call gives an independent definition (tests run copies with different settings).
 */
export function createNotificationsEmailService() {
  let settings: EmailSettings | undefined;
  const currentSettings = (): EmailSettings => {
    if (!settings) throw new Error('notifications-email: an event arrived before the service started');
    return settings;
  };

  return defineService({
    name: 'notifications-email',
    config: NotificationsEmailConfig,
    migrationsDir,
    consumers: [
      userRegisteredConsumer(currentSettings),
      passwordResetRequestedConsumer(currentSettings),
      emailChangeRequestedConsumer(currentSettings),
      passwordChangedConsumer(currentSettings),
      userDeletedConsumer(),
    ],
    routes(app, ctx) {
      registerOutboxRoutes(app, ctx);
      // Becomes registerMemberDataExportRoutes(app, deps) once this service builds typed deps (service shape).
      registerMemberDataExportRoutes(app, { db: ctx.db as Kysely<NotificationsEmailTables> });
    },
    async start(ctx) {
      const transport = createMailTransport({
        smtpUrl: ctx.config.SMTP_URL,
        from: ctx.config.MAIL_FROM,
        log: ctx.log,
      });
      settings = { site: siteLinks(ctx.config.PUBLIC_URL), transport: transport.kind };
      const dispatcher = new EmailDispatcher({
        db: ctx.db,
        transport,
        log: ctx.log,
        pollIntervalMs: ctx.config.EMAIL_POLL_INTERVAL_MS,
        retryBaseMs: ctx.config.EMAIL_RETRY_BASE_MS,
        leaseMs: ctx.config.EMAIL_SEND_LEASE_MS,
      });
      dispatcher.start();
      return async () => {
        await dispatcher.stop();
        transport.close();
      };
    },
  });
}

export const notificationsEmailService = createNotificationsEmailService();
