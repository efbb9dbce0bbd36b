import { Type, type Static } from '@sinclair/typebox';
import { ACCESS_TOKEN_MAX_TTL_SECONDS } from '@mer/contracts';
import type { BaseConfig } from '@mer/service-runtime';

/** Identity's own settings, added to the base ones every service reads (PUBLIC_URL, OPERATOR_KEY, ...). */
export const IdentityConfigSchema = Type.Object({
  /** Sign-in e-mail of the admin account created on the very first start. */
  ADMIN_EMAIL: Type.String({ default: 'admin@mer.local', minLength: 3, maxLength: 254 }),
  /** Password of that admin; when unset a random one is generated and printed once. */
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 6, maxLength: 256 })),
  /** Uses of the invitation code created at start for newcomers. */
  BOOTSTRAP_INVITATION_USES: Type.Integer({ minimum: 1, maximum: 100000, default: 10 }),
  ACCESS_TOKEN_TTL_SECONDS: Type.Integer({
    minimum: 30,
    maximum: ACCESS_TOKEN_MAX_TTL_SECONDS,
    default: 600,
  }),
  /** Secure flag of the refresh cookie. Browsers accept Secure cookies on http://localhost. */
  COOKIE_SECURE: Type.Boolean({ default: true }),
  /** Failed logins allowed per account within the window before it is locked until the window ends. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 100 }),
  LOGIN_ACCOUNT_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 3600 }),
  /** Failed logins allowed per client IP within its window. */
  LOGIN_MAX_FAILURES_PER_IP: Type.Integer({ minimum: 1, default: 30 }),
  LOGIN_IP_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 900 }),
  /** Reset e-mails sent per account per hour; further requests get the same neutral answer. */
  PASSWORD_RESET_MAX_PER_HOUR: Type.Integer({ minimum: 1, default: 5 }),
});

export type IdentityConfig = Static<typeof IdentityConfigSchema> & BaseConfig;
