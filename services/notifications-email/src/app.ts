import { fileURLToPath } from 'node:url';
import { defineService } from '@mer/service-runtime';
import { NotificationsEmailConfigSchema } from './config.ts';
import { createNotificationsEmailDeps } from './deps.ts';
import { EmailDispatcher } from './adapters/email-dispatcher.ts';
import { Repeater } from './adapters/repeater.ts';
import { registerOutboxRoutes } from './routes/outbox.ts';
import { registerMemberDataExportRoutes } from './routes/member-data-export.ts';
import { registerNotificationRoutes } from './routes/notifications.ts';
import { registerEmailPreferenceRoutes } from './routes/email-preferences.ts';
import { registerPushRoutes } from './routes/push.ts';
import { registerEmailAdminRoutes } from './routes/email-admin.ts';
import { registerTrackingRoutes } from './routes/tracking.ts';
import { scheduledConnectionRequestRun } from './use-cases/connection-request-emails.ts';
import { sendDueDigests } from './use-cases/digests.ts';
import { userRegisteredConsumer } from './events/handlers/identity.user.registered.v1.ts';
import { passwordResetRequestedConsumer } from './events/handlers/identity.password-reset.requested.v1.ts';
import { waitingListInvitedConsumer } from './events/handlers/identity.waiting-list.invited.v1.ts';
import { emailChangeRequestedConsumer } from './events/handlers/identity.email-change.requested.v1.ts';
import { passwordChangedConsumer } from './events/handlers/identity.password.changed.v1.ts';
import { userDeletedConsumer } from './events/handlers/identity.user.deleted.v1.ts';
import { emailConfirmedConsumer } from './events/handlers/identity.email.confirmed.v1.ts';
import { profileCompletedConsumer } from './events/handlers/profile-onboarding.profile.completed.v1.ts';
import { profileUpdatedConsumer } from './events/handlers/profile-onboarding.profile.updated.v1.ts';
import { notificationPreferencesChangedConsumer } from './events/handlers/profile-onboarding.notification-preferences.changed.v1.ts';
import { connectionRequestedConsumer } from './events/handlers/social-graph.connection.requested.v1.ts';
import { connectionAcceptedConsumer } from './events/handlers/social-graph.connection.accepted.v1.ts';
import { connectionCancelledConsumer } from './events/handlers/social-graph.connection.cancelled.v1.ts';
import { connectionDeclinedConsumer } from './events/handlers/social-graph.connection.declined.v1.ts';
import { connectionRemovedConsumer } from './events/handlers/social-graph.connection.removed.v1.ts';
import { messageSentConsumer } from './events/handlers/messaging.message.sent.v1.ts';
import { messageDeletedConsumer } from './events/handlers/messaging.message.deleted.v1.ts';
import { reactionAddedConsumer } from './events/handlers/community-feed.reaction.added.v1.ts';
import { reactionRemovedConsumer } from './events/handlers/community-feed.reaction.removed.v1.ts';
import { commentAddedConsumer } from './events/handlers/community-feed.comment.added.v1.ts';
import { memberMentionedConsumer } from './events/handlers/community-feed.member.mentioned.v1.ts';
import { photoTaggedConsumer } from './events/handlers/community-feed.photo.tagged.v1.ts';
import { postDeletedConsumer } from './events/handlers/community-feed.post.deleted.v1.ts';
import { circleUpdatePostedConsumer } from './events/handlers/events-circles.circle-update.posted.v1.ts';
import { circleMemberInvitedConsumer } from './events/handlers/events-circles.circle-member.invited.v1.ts';
import { circleApprovedConsumer } from './events/handlers/events-circles.circle.approved.v1.ts';
import { circleRejectedConsumer } from './events/handlers/events-circles.circle.rejected.v1.ts';
import { reminderDueConsumer } from './events/handlers/events-circles.reminder.due.v1.ts';
import { eventUpdatedConsumer } from './events/handlers/events-circles.event.updated.v1.ts';
import { eventCancelledConsumer } from './events/handlers/events-circles.event.cancelled.v1.ts';
import { occurrenceCancelledConsumer } from './events/handlers/events-circles.occurrence.cancelled.v1.ts';
import { waitlistPromotedConsumer } from './events/handlers/events-circles.waitlist.promoted.v1.ts';
import { meetupUpdatedConsumer } from './events/handlers/events-circles.meetup.updated.v1.ts';
import { meetupCancelledConsumer } from './events/handlers/events-circles.meetup.cancelled.v1.ts';
import { occurrenceUpdatedConsumer } from './events/handlers/events-circles.occurrence.updated.v1.ts';
import { circleDeletedConsumer } from './events/handlers/events-circles.circle.deleted.v1.ts';
import { moderationDecidedConsumer } from './events/handlers/admin.moderation.decided.v1.ts';

/**
 * notifications-email: notifications from other services' events (stored, pushed live, e-mailed and pushed to
 * devices as the member allows), the e-mail queue and its dispatcher, the connection-request e-mail batch and
 * the digests. The definition holds no state, so tests start several copies of it with different settings.
 */
export const notificationsEmailService = defineService({
  name: 'notifications-email',
  config: NotificationsEmailConfigSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  deps: createNotificationsEmailDeps,
  consumers: [
    userRegisteredConsumer,
    passwordResetRequestedConsumer,
    waitingListInvitedConsumer,
    emailChangeRequestedConsumer,
    passwordChangedConsumer,
    userDeletedConsumer,
    emailConfirmedConsumer,
    profileCompletedConsumer,
    profileUpdatedConsumer,
    notificationPreferencesChangedConsumer,
    connectionRequestedConsumer,
    connectionAcceptedConsumer,
    connectionCancelledConsumer,
    connectionDeclinedConsumer,
    connectionRemovedConsumer,
    messageSentConsumer,
    messageDeletedConsumer,
    reactionAddedConsumer,
    reactionRemovedConsumer,
    commentAddedConsumer,
    memberMentionedConsumer,
    photoTaggedConsumer,
    postDeletedConsumer,
    circleUpdatePostedConsumer,
    circleMemberInvitedConsumer,
    circleApprovedConsumer,
    circleRejectedConsumer,
    reminderDueConsumer,
    eventUpdatedConsumer,
    eventCancelledConsumer,
    occurrenceCancelledConsumer,
    waitlistPromotedConsumer,
    meetupUpdatedConsumer,
    meetupCancelledConsumer,
    occurrenceUpdatedConsumer,
    circleDeletedConsumer,
    moderationDecidedConsumer,
  ],
  async routes(app, deps) {
    registerOutboxRoutes(app, deps);
    registerMemberDataExportRoutes(app, deps);
    registerNotificationRoutes(app, deps);
    await registerEmailPreferenceRoutes(app, deps);
    registerPushRoutes(app, deps);
    registerEmailAdminRoutes(app, deps);
    registerTrackingRoutes(app, deps);
  },
  async start(deps) {
    const dispatcher = new EmailDispatcher({
      deps,
      pollIntervalMs: deps.config.EMAIL_POLL_INTERVAL_MS,
      retryBaseMs: deps.config.EMAIL_RETRY_BASE_MS,
      leaseMs: deps.config.EMAIL_SEND_LEASE_MS,
      concurrency: deps.config.EMAIL_SEND_CONCURRENCY,
    });
    dispatcher.start();
    const timers = [
      new Repeater(
        'connection-request e-mails',
        deps.config.CONNECTION_REQUEST_EMAIL_INTERVAL_MS,
        deps.log,
        () => scheduledConnectionRequestRun(deps),
      ),
      new Repeater('digests', deps.config.DIGEST_CHECK_INTERVAL_MS, deps.log, () => sendDueDigests(deps)),
    ];
    for (const timer of timers) timer.start();
    return async () => {
      await Promise.all(timers.map((t) => t.stop()));
      await dispatcher.stop();
      deps.mailTransport.close();
    };
  },
});
