import { randomBytes } from 'node:crypto';
import {
  defineConsumerFor,
  serviceDeps,
  type ServiceContext,
  type ServiceDeps,
  type TxContext,
} from '@mer/service-runtime';
import type { NotificationsEmailConfig } from './config.ts';
import type { NotificationsEmailTables } from './db/tables.ts';
import { keepKey } from './db/service-keys.repository.ts';
import { siteLinks, type SiteLinks } from './domain/email-templates.ts';
import { createMailTransport, type MailTransport } from './adapters/mail-transport.ts';
import { PushSender, generateVapidKeys, type VapidKeys } from './adapters/web-push.ts';

export type { NotificationsEmailTables };
export type NotificationsEmailContext = ServiceContext<NotificationsEmailConfig, NotificationsEmailTables>;
export type NotificationsEmailTx = TxContext<NotificationsEmailTables>;

/** Where the service reads the time: every queue decision, schedule and digest. Tests move it. */
export interface Clock {
  now(): Date;
}

/** What notifications-email's routes, consumers and dispatcher run with. Built once per running service. */
export interface NotificationsEmailDeps extends ServiceDeps<
  NotificationsEmailConfig,
  NotificationsEmailTables
> {
  /** The site's pages the e-mails link to (sign-in, home, any path), from PUBLIC_URL. */
  site: SiteLinks;
  /** SMTP when SMTP_URL is set, else the local outbox. Closed when the service stops. */
  mailTransport: MailTransport;
  clock: Clock;
  /** Signs unsubscribe and tracking links (made on first start, kept in service_keys). */
  linkSecret: string;
  push: PushSender;
  /** The push services subscriptions may point at (config PUSH_SERVICES). */
  pushServices: string;
}

export async function createNotificationsEmailDeps(
  ctx: NotificationsEmailContext,
): Promise<NotificationsEmailDeps> {
  const linkSecret = await keepKey(ctx.db, 'link-secret', () => randomBytes(32).toString('base64url'));
  const vapid = JSON.parse(
    await keepKey(ctx.db, 'vapid', () => JSON.stringify(generateVapidKeys())),
  ) as VapidKeys;
  return {
    ...serviceDeps(ctx),
    site: siteLinks(ctx.config.PUBLIC_URL),
    mailTransport: createMailTransport({
      smtpUrl: ctx.config.SMTP_URL,
      from: ctx.config.MAIL_FROM,
      log: ctx.log,
      connections: ctx.config.EMAIL_SEND_CONCURRENCY,
    }),
    clock: { now: () => new Date() },
    linkSecret,
    push: new PushSender(ctx.db, vapid, ctx.config.VAPID_SUBJECT, ctx.log),
    pushServices: ctx.config.PUSH_SERVICES,
  };
}

/** notifications-email's `defineConsumer`: handlers get its typed transaction and deps. */
export const defineConsumer = defineConsumerFor<NotificationsEmailDeps, NotificationsEmailTables>();
