import { UserRolesChanged } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordRoles } from '../../use-cases/member-status.ts';

/** identity.user.roles-changed.v1: the member's roles and admin record (Community Mentors badge). */
export const userRolesChangedConsumer = defineConsumer({
  name: 'member-roles-changed',
  event: UserRolesChanged,
  member: (event) => event.payload.userId,
  handle: (event, tx) => recordRoles(tx, event),
});
