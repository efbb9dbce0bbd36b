import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { AdminConfigSchema } from './config.ts';
import { createAdminDeps } from './deps.ts';
import { membershipActivatedConsumer } from './events/handlers/billing.membership.activated.v1.ts';
import { feedContentAutoHiddenConsumer } from './events/handlers/community-feed.content.auto-hidden.v1.ts';
import { feedContentReportedConsumer } from './events/handlers/community-feed.content.reported.v1.ts';
import { circlesContentReportedConsumer } from './events/handlers/events-circles.content.reported.v1.ts';
import { messageReportedConsumer } from './events/handlers/messaging.content.reported.v1.ts';
import { postCreatedConsumer } from './events/handlers/community-feed.post.created.v1.ts';
import { adminActionTakenConsumer } from './events/handlers/identity.admin.action-taken.v1.ts';
import { sessionsRevokedConsumer } from './events/handlers/identity.sessions.revoked.v1.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';
import { userRegisteredConsumer } from './events/handlers/identity.user.registered.v1.ts';
import { messageSentConsumer } from './events/handlers/messaging.message.sent.v1.ts';
import { securityThreatConsumers } from './events/handlers/security.threat-detected.v1.ts';
import { memberReportedConsumer } from './events/handlers/social-graph.member.reported.v1.ts';
import { registerDiagnosticsRoutes } from './routes/diagnostics.ts';
import { registerModerationRoutes } from './routes/moderation.ts';
import { registerOverviewRoutes } from './routes/overview.ts';
import { registerSecurityEventRoutes } from './routes/security-events.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * admin as the runtime starts it, in both topologies: the security log, the moderation queue, the dashboard's
 * figures and the audit trail, built from other services' events (one file each under events/handlers/) and the
 * admins' own actions.
 */
export const adminService = defineService({
  name: 'admin',
  config: AdminConfigSchema,
  migrationsDir,
  deps: createAdminDeps,
  consumers: [
    userDeletedConsumer,
    userRegisteredConsumer,
    sessionsRevokedConsumer,
    adminActionTakenConsumer,
    membershipActivatedConsumer,
    postCreatedConsumer,
    messageSentConsumer,
    feedContentReportedConsumer,
    circlesContentReportedConsumer,
    messageReportedConsumer,
    feedContentAutoHiddenConsumer,
    memberReportedConsumer,
    ...securityThreatConsumers,
  ],
  routes(app, deps) {
    registerSecurityEventRoutes(app, deps);
    registerModerationRoutes(app, deps);
    registerOverviewRoutes(app, deps);
    registerDiagnosticsRoutes(app, deps);
  },
});
