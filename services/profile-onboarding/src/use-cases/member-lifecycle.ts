import type {
  EmailConfirmed,
  EventEnvelope,
  EventPayload,
  UserDeleted,
  UserRegistered,
} from '@mer/contracts';
import type { TxContext } from '@mer/service-runtime';
import {
  eraseProfile,
  insertProfileIfAbsent,
  isMemberErased,
  lockMember,
  updateProfileEmail,
} from '../db/profiles.repository.ts';
import { deleteMemberPhotos } from './photos.ts';

/*
 * The profile follows the account: identity's events create it, keep its e-mail current and delete it.
 * Each runs inside the consumer's transaction (tx.trx only), so the change and the record that the
 * event was handled commit together.
 */

/**
 * A new account gets its profile: name, username and e-mail from sign-up, onboarding pending.
 * Created at the registration time, so the landing page's "newest members" follow sign-up order.
 */
export async function createProfileForNewMember(
  tx: TxContext,
  event: EventEnvelope<EventPayload<typeof UserRegistered>>,
): Promise<void> {
  const { userId, name, username, email, registeredAt } = event.payload;
  await lockMember(tx.trx, userId);
  // A deletion handled before this (late) registration: the member is gone, do not bring them back.
  if (await isMemberErased(tx.trx, userId)) return;
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
  tx: TxContext,
  event: EventEnvelope<EventPayload<typeof EmailConfirmed>>,
): Promise<void> {
  await updateProfileEmail(tx.trx, event.payload.userId, event.payload.email);
}

/** A deleted account takes its profile and photos with it (the files follow through the photo sweep). */
export async function deleteMemberProfile(
  tx: TxContext,
  event: EventEnvelope<EventPayload<typeof UserDeleted>>,
): Promise<void> {
  await lockMember(tx.trx, event.payload.userId);
  await eraseProfile(tx.trx, event.payload.userId);
  await deleteMemberPhotos(tx.trx, event.payload.userId);
}
