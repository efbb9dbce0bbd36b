import { UserRegistered } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { memberJoined } from '../../use-cases/dashboard.ts';

/** A new account: one more member on the dashboard. */
export const userRegisteredConsumer = defineConsumer({
  name: 'member-registered',
  event: UserRegistered,
  member: (event) => event.payload.userId,
  handle: (event, tx) => memberJoined(tx, event.payload.userId, new Date(event.payload.registeredAt)),
});
