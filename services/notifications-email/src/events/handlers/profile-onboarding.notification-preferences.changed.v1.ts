import { NotificationPreferencesChanged } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { rememberPreferences } from '../../use-cases/members.ts';

/** The member's notification preferences: what is notified, e-mailed and pushed from now on. */
export const notificationPreferencesChangedConsumer = defineConsumer({
  name: 'remember-notification-preferences',
  event: NotificationPreferencesChanged,
  member: (event) => event.payload.userId,
  handle: (event, tx) => rememberPreferences(tx, event),
});
