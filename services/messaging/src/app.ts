import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { MessagingConfigSchema } from './config.ts';
import { moderationDecidedConsumer } from './events/handlers/admin.moderation.decided.v1.ts';
import { membershipActivatedConsumer } from './events/handlers/billing.membership.activated.v1.ts';
import { membershipCancelledConsumer } from './events/handlers/billing.membership.cancelled.v1.ts';
import { membershipExpiredConsumer } from './events/handlers/billing.membership.expired.v1.ts';
import { membershipPlanChangedConsumer } from './events/handlers/billing.membership.plan-changed.v1.ts';
import { membershipRenewedConsumer } from './events/handlers/billing.membership.renewed.v1.ts';
import { createMessagingDeps } from './deps.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';
import { userRegisteredConsumer } from './events/handlers/identity.user.registered.v1.ts';
import { profileCompletedConsumer } from './events/handlers/profile-onboarding.profile.completed.v1.ts';
import { profileUpdatedConsumer } from './events/handlers/profile-onboarding.profile.updated.v1.ts';
import { connectionAcceptedConsumer } from './events/handlers/social-graph.connection.accepted.v1.ts';
import { connectionRemovedConsumer } from './events/handlers/social-graph.connection.removed.v1.ts';
import { memberBlockedConsumer } from './events/handlers/social-graph.member.blocked.v1.ts';
import { memberUnblockedConsumer } from './events/handlers/social-graph.member.unblocked.v1.ts';
import { registerConversationRoutes } from './routes/conversations.ts';
import { registerMessageRoutes } from './routes/messages.ts';
import { registerPhotoRoutes } from './routes/photos.ts';
import { registerSettingsRoutes } from './routes/settings.ts';
import { PHOTO_SWEEP_INTERVAL_MS, sweepPhotoFiles } from './use-cases/photos.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * messaging as the runtime starts it, in both topologies: one-to-one conversations, messages with per-conversation
 * sequence numbers, read state and unread counts, consent (blocks, 'Only my connections can message me'), over its
 * own copies of members' names, blocks and connections built from events.
 */
export const messagingService = defineService({
  name: 'messaging',
  config: MessagingConfigSchema,
  migrationsDir,
  deps: createMessagingDeps,
  consumers: [
    userRegisteredConsumer,
    userDeletedConsumer,
    profileCompletedConsumer,
    profileUpdatedConsumer,
    memberBlockedConsumer,
    memberUnblockedConsumer,
    connectionAcceptedConsumer,
    connectionRemovedConsumer,
    membershipActivatedConsumer,
    membershipRenewedConsumer,
    membershipCancelledConsumer,
    membershipExpiredConsumer,
    membershipPlanChangedConsumer,
    moderationDecidedConsumer,
  ],
  routes(app, deps) {
    registerConversationRoutes(app, deps);
    registerMessageRoutes(app, deps);
    registerSettingsRoutes(app, deps);
    registerPhotoRoutes(app, deps);
  },
  async start(deps) {
    // Photo files of deleted messages leave storage after the rows' commit; failures stay queued for the next round.
    let running = true;
    const sweep = async () => {
      await sweepPhotoFiles(deps).catch((err: unknown) => deps.log.warn({ err }, 'photo file sweep failed'));
      if (running) timer = setTimeout(() => void sweep(), PHOTO_SWEEP_INTERVAL_MS);
    };
    let timer = setTimeout(() => void sweep(), PHOTO_SWEEP_INTERVAL_MS);
    return async () => {
      running = false;
      clearTimeout(timer);
    };
  },
});
