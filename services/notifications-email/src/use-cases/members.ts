import type {
  EmailConfirmed,
  EventDefinition,
  EventEnvelope,
  EventPayload,
  NotificationPreferencesChanged,
  ProfileCompleted,
  ProfileUpdated,
} from '@mer/contracts';
import { upsertMember } from '../db/members.repository.ts';
import type { NotificationsEmailTx } from '../deps.ts';

type Envelope<E extends EventDefinition> = EventEnvelope<EventPayload<E>>;

/** A confirmed address (at sign-up or after a change) is where e-mails go from now on. */
export async function rememberConfirmedEmail(tx: NotificationsEmailTx, e: Envelope<typeof EmailConfirmed>) {
  await upsertMember(tx.trx, e.payload.userId, { email: e.payload.email });
}

/** The name and photo notifications show for this member. */
export async function rememberProfile(
  tx: NotificationsEmailTx,
  e: Envelope<typeof ProfileCompleted | typeof ProfileUpdated>,
) {
  await upsertMember(tx.trx, e.payload.userId, { name: e.payload.name, imageUrl: e.payload.imageUrl });
}

/** The copy of the member's notification preferences that decides what to notify, e-mail and push. */
export async function rememberPreferences(
  tx: NotificationsEmailTx,
  e: Envelope<typeof NotificationPreferencesChanged>,
) {
  await upsertMember(tx.trx, e.payload.userId, { preferences: e.payload.preferences });
}
