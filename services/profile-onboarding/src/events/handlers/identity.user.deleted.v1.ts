import { UserDeleted } from '@mer/contracts';
import { defineConsumer } from '@mer/service-runtime';
import { deleteMemberProfile } from '../../use-cases/member-lifecycle.ts';

/** A deleted account: delete the member's profile. */
export const userDeletedConsumer = defineConsumer({
  name: 'delete-member-profile',
  event: UserDeleted,
  handle: (event, tx) => deleteMemberProfile(tx, event),
});
