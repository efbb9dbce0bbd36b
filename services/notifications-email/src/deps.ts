import {
  defineConsumerFor,
  serviceDeps,
  type ServiceContext,
  type ServiceDeps,
  type TxContext,
} from '@mer/service-runtime';
import type { NotificationsEmailConfig } from './config.ts';
import type { NotificationsEmailTables } from './db/tables.ts';
import { siteLinks, type SiteLinks } from './domain/email-templates.ts';
import { createMailTransport, type MailTransport } from './adapters/mail-transport.ts';

export type { NotificationsEmailTables };
export type NotificationsEmailContext = ServiceContext<NotificationsEmailConfig, NotificationsEmailTables>;
export type NotificationsEmailTx = TxContext<NotificationsEmailTables>;

/** What notifications-email's routes, consumers and dispatcher run with. Built once per running service. */
export interface NotificationsEmailDeps extends ServiceDeps<
  NotificationsEmailConfig,
  NotificationsEmailTables
> {
  /** The site's pages the e-mails link to (sign-in, home), from PUBLIC_URL. */
  site: SiteLinks;
  /** SMTP when SMTP_URL is set, else the local outbox. Closed when the service stops. */
  mailTransport: MailTransport;
}

export function createNotificationsEmailDeps(ctx: NotificationsEmailContext): NotificationsEmailDeps {
  return {
    ...serviceDeps(ctx),
    site: siteLinks(ctx.config.PUBLIC_URL),
    mailTransport: createMailTransport({
      smtpUrl: ctx.config.SMTP_URL,
      from: ctx.config.MAIL_FROM,
      log: ctx.log,
    }),
  };
}

/** notifications-email's `defineConsumer`: handlers get its typed transaction and deps. */
export const defineConsumer = defineConsumerFor<NotificationsEmailDeps, NotificationsEmailTables>();
