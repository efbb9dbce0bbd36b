import { circleCreatedConsumer } from './handlers/events-circles.circle.created.v1.ts';
import { circleApprovedConsumer } from './handlers/events-circles.circle.approved.v1.ts';
import { circleUpdatedConsumer } from './handlers/events-circles.circle.updated.v1.ts';
import { circleRejectedConsumer } from './handlers/events-circles.circle.rejected.v1.ts';
import { eventCreatedConsumer } from './handlers/events-circles.event.created.v1.ts';
import { eventApprovedConsumer } from './handlers/events-circles.event.approved.v1.ts';
import { eventUpdatedConsumer } from './handlers/events-circles.event.updated.v1.ts';
import { eventRejectedConsumer } from './handlers/events-circles.event.rejected.v1.ts';
import { eventCancelledConsumer } from './handlers/events-circles.event.cancelled.v1.ts';
import { circleDeletedConsumer } from './handlers/events-circles.circle.deleted.v1.ts';
import { circleMemberJoinedConsumer } from './handlers/events-circles.circle-member.joined.v1.ts';
import { circleMemberLeftConsumer } from './handlers/events-circles.circle-member.left.v1.ts';
import { rsvpChangedConsumer } from './handlers/events-circles.rsvp.changed.v1.ts';
import { postCreatedConsumer } from './handlers/community-feed.post.created.v1.ts';
import { postDeletedConsumer } from './handlers/community-feed.post.deleted.v1.ts';
import { postUpdatedConsumer } from './handlers/community-feed.post.updated.v1.ts';
import { reactionAddedConsumer } from './handlers/community-feed.reaction.added.v1.ts';
import { reactionRemovedConsumer } from './handlers/community-feed.reaction.removed.v1.ts';
import { userDeletedConsumer } from './handlers/identity.user.deleted.v1.ts';
import { profileCompletedConsumer } from './handlers/profile-onboarding.profile.completed.v1.ts';
import { profileUpdatedConsumer } from './handlers/profile-onboarding.profile.updated.v1.ts';
import { memberBlockedConsumer } from './handlers/social-graph.member.blocked.v1.ts';
import { memberUnblockedConsumer } from './handlers/social-graph.member.unblocked.v1.ts';

/** Every consumer of search: the live ones (src/app.ts) and a rebuild's replay (use-cases/rebuild.ts). */
export const searchConsumers = [
  userDeletedConsumer,
  profileCompletedConsumer,
  profileUpdatedConsumer,
  postCreatedConsumer,
  postUpdatedConsumer,
  postDeletedConsumer,
  reactionAddedConsumer,
  reactionRemovedConsumer,
  memberBlockedConsumer,
  memberUnblockedConsumer,
  circleCreatedConsumer,
  circleApprovedConsumer,
  circleUpdatedConsumer,
  circleRejectedConsumer,
  eventCreatedConsumer,
  eventApprovedConsumer,
  eventUpdatedConsumer,
  eventRejectedConsumer,
  eventCancelledConsumer,
  circleDeletedConsumer,
  circleMemberJoinedConsumer,
  circleMemberLeftConsumer,
  rsvpChangedConsumer,
];

/** The read model's own consumers: what a rebuild replays (the member deletions too, so the erased stay gone). */
export const readModelConsumers = searchConsumers;
