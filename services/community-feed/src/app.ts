import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { CommunityFeedConfigSchema } from './config.ts';
import { createCommunityFeedDeps } from './deps.ts';
import { moderationDecidedConsumer } from './events/handlers/admin.moderation.decided.v1.ts';
import { membershipActivatedConsumer } from './events/handlers/billing.membership.activated.v1.ts';
import { membershipCancelledConsumer } from './events/handlers/billing.membership.cancelled.v1.ts';
import { membershipExpiredConsumer } from './events/handlers/billing.membership.expired.v1.ts';
import { membershipPlanChangedConsumer } from './events/handlers/billing.membership.plan-changed.v1.ts';
import { membershipRenewedConsumer } from './events/handlers/billing.membership.renewed.v1.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';
import { profileCompletedConsumer } from './events/handlers/profile-onboarding.profile.completed.v1.ts';
import { profileUpdatedConsumer } from './events/handlers/profile-onboarding.profile.updated.v1.ts';
import { connectionAcceptedConsumer } from './events/handlers/social-graph.connection.accepted.v1.ts';
import { connectionRemovedConsumer } from './events/handlers/social-graph.connection.removed.v1.ts';
import { memberBlockedConsumer } from './events/handlers/social-graph.member.blocked.v1.ts';
import { memberMutedConsumer } from './events/handlers/social-graph.member.muted.v1.ts';
import { memberUnblockedConsumer } from './events/handlers/social-graph.member.unblocked.v1.ts';
import { memberUnmutedConsumer } from './events/handlers/social-graph.member.unmuted.v1.ts';
import { registerDiscussionRoutes, registerReportRoutes } from './routes/discussions.ts';
import { registerMemberDataExportRoutes } from './routes/member-data-export.ts';
import { registerPhotoRoutes } from './routes/photos.ts';
import { registerPostRoutes } from './routes/posts.ts';
import { PHOTO_SWEEP_INTERVAL_MS, sweepPhotoFiles } from './use-cases/photos.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * community-feed as the runtime starts it, in both topologies: its config, migrations, deps, the consumers of other
 * services' events (one file each under events/handlers/) and its routes.
 */
export const communityFeedService = defineService({
  name: 'community-feed',
  config: CommunityFeedConfigSchema,
  migrationsDir,
  deps: createCommunityFeedDeps,
  consumers: [
    userDeletedConsumer,
    profileCompletedConsumer,
    profileUpdatedConsumer,
    membershipActivatedConsumer,
    membershipRenewedConsumer,
    membershipCancelledConsumer,
    membershipExpiredConsumer,
    membershipPlanChangedConsumer,
    connectionAcceptedConsumer,
    connectionRemovedConsumer,
    memberBlockedConsumer,
    memberUnblockedConsumer,
    memberMutedConsumer,
    memberUnmutedConsumer,
    moderationDecidedConsumer,
  ],
  routes(app, deps) {
    registerPostRoutes(app, deps);
    registerPhotoRoutes(app, deps);
    registerDiscussionRoutes(app, deps);
    registerReportRoutes(app, deps);
    registerMemberDataExportRoutes(app, deps);
  },
  async start(deps) {
    // Photo files of deleted photos leave storage after the rows' commit; failures stay queued for the next round.
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
