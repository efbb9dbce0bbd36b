import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import { createTokenVerifier, defineService } from '@mer/service-runtime';
import { IdentityConfigSchema } from './config.ts';
import { createIdentityDeps } from './deps.ts';
import { moderationDecidedConsumer } from './events/handlers/admin.moderation.decided.v1.ts';
import { adminMemberRoutes } from './routes/admin-members.ts';
import { emailConfirmationRoutes } from './routes/email-confirmations.ts';
import { invitationRoutes } from './routes/invitations.ts';
import { keyRoutes } from './routes/keys.ts';
import { meRoutes } from './routes/me.ts';
import { myDataExportRoutes } from './routes/member-data-export.ts';
import { passwordResetRoutes } from './routes/password-reset.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { signupRoutes } from './routes/signup.ts';
import { userRoutes } from './routes/users.ts';
import { usernameRoutes } from './routes/usernames.ts';
import { waitingListRoutes } from './routes/waiting-list.ts';
import { bootstrapAdmin, formatBootstrapAnnouncement } from './use-cases/bootstrap-admin.ts';
import { forgetEndedSessions } from './use-cases/forget-ended-sessions.ts';

const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/**
 * Identity: accounts, credentials, invitations, the waiting list, roles and permissions, and
 * sessions. It signs the access tokens every other part of MER verifies.
 */
export const identityService = defineService({
  name: 'identity',
  config: IdentityConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  // Bodies are a few short strings; a small limit keeps hostile payloads cheap to refuse.
  bodyLimit: 64 * 1024,
  // Opens the signing keys (creating the first pair), the login throttle and the password hasher.
  deps: createIdentityDeps,
  consumers: [moderationDecidedConsumer],

  async routes(app, deps) {
    // Identity verifies its own tokens with its own keys instead of fetching its key set over HTTP.
    app.verifier = createTokenVerifier({ getKey: deps.tokens.getKey });
    await app.register(cookie);

    keyRoutes(app, deps);
    invitationRoutes(app, deps);
    waitingListRoutes(app, deps);
    usernameRoutes(app, deps);
    signupRoutes(app, deps);
    sessionRoutes(app, deps);
    passwordResetRoutes(app, deps);
    emailConfirmationRoutes(app, deps);
    meRoutes(app, deps);
    userRoutes(app, deps);
    myDataExportRoutes(app, deps);
    adminMemberRoutes(app, deps);
  },

  async start(deps) {
    const result = await bootstrapAdmin(deps);
    deps.log.info(
      {
        adminEmail: result.adminEmail,
        adminCreated: result.adminCreated,
        invitationCode: result.invitationCode,
      },
      result.adminCreated
        ? 'first start: admin account and invitation code created'
        : 'invitation code for newcomers',
    );
    // The block is for the person at the terminal; the password is in it only on the first start.
    if (deps.config.NODE_ENV !== 'test')
      process.stdout.write(formatBootstrapAnnouncement(result, deps.config.PUBLIC_URL) + '\n');

    const housekeeping = setInterval(() => {
      forgetEndedSessions(deps).catch((err: unknown) =>
        deps.log.warn({ err }, 'session housekeeping failed'),
      );
    }, HOUSEKEEPING_EVERY_MS);
    housekeeping.unref();
    return async () => {
      clearInterval(housekeeping);
      await deps.passwords.close();
    };
  },
});
