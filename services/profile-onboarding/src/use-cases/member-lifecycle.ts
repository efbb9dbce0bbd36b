import type { EmailConfirmed, EventEnvelope, EventPayload, UserRegistered } from '@mer/contracts';
import { deleteMemberRows, insertProfileIfAbsent, updateProfileEmail } from '../db/profiles.repository.ts';
import type { ProfileOnboardingTx } from '../deps.ts';
import { deleteMemberPhotos } from './photos.ts';

/*
 * The profile follows the account: identity's events create it, keep its e-mail current and erase it.
 * Each runs inside the consumer's transaction (tx only), so the change and the record that the event was
 * handled commit together. The consumers name the member: the runtime holds the member's lock while they run,
 * drops an event about a member erased before it, and records the tombstone of an erasure.
 */

/**
 * A new account gets its profile: name, username and e-mail from sign-up, onboarding pending.
 * Created at the registration time, so the landing page's "newest members" follow sign-up order.
 */
export async function createProfileForNewMember(
  tx: ProfileOnboardingTx,
  event: EventEnvelope<EventPayload<typeof UserRegistered>>,
): Promise<void> {
  const { userId, name, username, email, registeredAt } = event.payload;
  await insertProfileIfAbsent(tx.trx, {
    userId,
    name: name.trim(),
    username,
    email,
    createdAt: new Date(registeredAt),
  });
}

/** A confirmed address (at sign-up or after a change) becomes the profile's e-mail. */
export async function recordConfirmedEmail(
  tx: ProfileOnboardingTx,
  event: EventEnvelope<EventPayload<typeof EmailConfirmed>>,
): Promise<void> {
  await updateProfileEmail(tx.trx, event.payload.userId, event.payload.email);
}

/**
 * A deleted account takes everything of the member here with it: profile, chart, draft, practices, suggestions,
 * the copies of their memberships and roles, and their photos (the files follow through the photo sweep).
 */
export async function eraseMember(tx: ProfileOnboardingTx, userId: string): Promise<void> {
  await deleteMemberRows(tx.trx, userId);
  await deleteMemberPhotos(tx, userId);
}
