import { Type, type Static } from '@sinclair/typebox';
import type { BaseConfig } from '@mer/service-runtime';
import { DEFAULT_PUSH_SERVICES } from './domain/push-endpoints.ts';

/** notifications-email settings, added to the base ones every service reads (PUBLIC_URL, DATABASE_URL, ...). */
export const NotificationsEmailConfigSchema = Type.Object({
  /** smtp://user:pass@host:587 or smtps://...:465. Unset: e-mails go to the local outbox. */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  /** The sender every e-mail carries. */
  MAIL_FROM: Type.String({ minLength: 3, default: 'MER <no-reply@mer.local>' }),
  /** How often the dispatcher looks for queued e-mails when it has nothing to do. */
  EMAIL_POLL_INTERVAL_MS: Type.Integer({ minimum: 20, default: 1000 }),
  /** Delay before the first retry of a failed e-mail; later retries wait 4× longer each. */
  EMAIL_RETRY_BASE_MS: Type.Integer({ minimum: 10, default: 30_000 }),
  /** How long a claimed e-mail is reserved for the dispatcher sending it (longer than any SMTP timeout). */
  EMAIL_SEND_LEASE_MS: Type.Integer({ minimum: 1000, default: 120_000 }),
  /**
   * How many e-mails the dispatcher sends at once; with SMTP, also the pool's connections to the server (kept open
   * between e-mails). Ask the provider how many parallel connections it accepts.
   */
  EMAIL_SEND_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 50, default: 4 }),
  /** How often the connection-request e-mail batch runs by itself (0: only when an admin runs it). */
  CONNECTION_REQUEST_EMAIL_INTERVAL_MS: Type.Integer({ minimum: 0, default: 5 * 60_000 }),
  /** How often the digest scheduler looks for members whose local digest hour has come (0: never by itself). */
  DIGEST_CHECK_INTERVAL_MS: Type.Integer({ minimum: 0, default: 15 * 60_000 }),
  /** The member's local hour digests go out at (weekly ones on Mondays). */
  DIGEST_LOCAL_HOUR: Type.Integer({ minimum: 0, maximum: 23, default: 8 }),
  /** The VAPID subject push services may contact (a mailto: or https: URL). */
  VAPID_SUBJECT: Type.String({ pattern: '^(mailto:|https?://)', default: 'mailto:no-reply@mer.local' }),
  /**
   * The push services a device's subscription may point at (comma-separated; src/domain/push-endpoints.ts): https
   * hosts, or an origin with its scheme for a local push service in tests. Anything else is refused when stored.
   */
  PUSH_SERVICES: Type.String({ default: DEFAULT_PUSH_SERVICES }),
});

export type NotificationsEmailConfig = Static<typeof NotificationsEmailConfigSchema> & BaseConfig;
