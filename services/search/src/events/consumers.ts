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
];

/** The read model's own consumers: what a rebuild replays (the member deletions too, so the erased stay gone). */
export const readModelConsumers = searchConsumers;
