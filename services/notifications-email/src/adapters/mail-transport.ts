import nodemailer from 'nodemailer';
import type { Logger } from '@mer/service-runtime';
import type { TransportKind } from '../db/tables.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  actionUrl: string | null;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** Where e-mails go: an SMTP server, or the local outbox (stored as sent, link in the log). */
export interface MailTransport {
  readonly kind: TransportKind;
  /** Resolves once the e-mail is handed over; throws with nodemailer's error otherwise. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** SMTP time limits, shorter than nodemailer's minutes-long defaults: the dispatcher's lease must outlast them. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailTransport(opts: {
  smtpUrl?: string | undefined;
  from: string;
  log: Logger;
  /** SMTP connections kept open and used at once (the dispatcher's concurrency). */
  connections?: number;
}): MailTransport {
  return opts.smtpUrl
    ? smtpTransport(opts.smtpUrl, opts.from, opts.log, opts.connections ?? 1)
    : outboxTransport(opts.from, opts.log);
}

/**
 * SMTP through nodemailer's pool: `connections` connections, opened as needed and kept open between e-mails (a new
 * connection, greeting and login per e-mail cost more than the e-mail), each sending one e-mail at a time. Options
 * nodemailer reads from the URL (`?pool=false`, `?maxConnections=2`, `?tls.rejectUnauthorized=false`, ...) are
 * kept; the pool and the time limits above apply unless the URL sets them.
 */
function smtpTransport(smtpUrl: string, from: string, log: Logger, connections: number): MailTransport {
  const url = new URL(smtpUrl);
  const defaults = { pool: 'true', maxConnections: String(connections), ...SMTP_TIMEOUTS };
  for (const [key, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  }
  const transporter = nodemailer.createTransport(url.toString());
  // Never log the URL itself: it carries the SMTP password.
  log.info(
    { host: url.hostname, port: url.port || (url.protocol === 'smtps:' ? 465 : 587) },
    'e-mail goes out through SMTP',
  );
  return {
    kind: 'smtp',
    async send(email) {
      await transporter.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.headers ? { headers: email.headers } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * The local outbox of the embedded topology: nodemailer builds the message (so addresses and
 * headers are checked as they would be for SMTP), nothing leaves the machine, and the log
 * shows who it was for and the link to open, so a newcomer can finish a sign-up or reset.
 */
function outboxTransport(from: string, log: Logger): MailTransport {
  const transporter = nodemailer.createTransport({ jsonTransport: true });
  log.info('SMTP_URL is not set: e-mails are kept in the local outbox and their links are printed here');
  return {
    kind: 'outbox',
    async send(email) {
      await transporter.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.headers ? { headers: email.headers } : {}),
      });
      const link = email.actionUrl ? ` Link: ${email.actionUrl}` : '';
      log.info(
        { to: email.to, subject: email.subject, link: email.actionUrl ?? undefined },
        `Local outbox: e-mail to ${email.to} (${email.subject}).${link}`,
      );
    },
    close: () => transporter.close(),
  };
}
