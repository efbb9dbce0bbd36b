import type {
  EventDefinition,
  EventEnvelope,
  EventPayload,
  EmailChangeRequested,
  PasswordChanged,
  PasswordResetRequested,
  UserDeleted,
  UserRegistered,
} from '@mer/contracts';
import type { TxContext } from '@mer/service-runtime';
import {
  composeEmailChangeConfirmation,
  composeEmailConfirmation,
  composePasswordChanged,
  composePasswordReset,
  composeWelcome,
  describeValidity,
  type ComposedEmail,
  type SiteLinks,
} from '../domain/email-templates.ts';
import {
  eraseMemberEmails,
  isMemberErased,
  queueEmail,
  type TransportKind,
} from '../db/email-queue.repository.ts';

/** What composing and queueing needs from the service's config. */
export interface EmailSettings {
  site: SiteLinks;
  transport: TransportKind;
}

type Envelope<E extends EventDefinition> = EventEnvelope<EventPayload<E>>;

/**
 * Queues e-mails inside the consumer's transaction, so they exist exactly when the event is
 * recorded as handled. Nothing is queued for a member whose account was already deleted.
 */
async function queueForMember(
  tx: TxContext,
  settings: EmailSettings,
  eventId: string,
  userId: string,
  emails: ComposedEmail[],
): Promise<void> {
  if (await isMemberErased(tx.trx, userId)) return;
  for (const email of emails) {
    await queueEmail(tx.trx, { eventId, userId, transport: settings.transport, email });
  }
}

/** Sign-up: the e-mail-confirmation link, and a warm welcome. */
export async function queueSignUpEmails(
  tx: TxContext,
  settings: EmailSettings,
  event: Envelope<typeof UserRegistered>,
): Promise<void> {
  const { userId, email, name, emailConfirmationUrl } = event.payload;
  await queueForMember(tx, settings, event.id, userId, [
    composeEmailConfirmation(settings.site, { to: email, name, confirmationUrl: emailConfirmationUrl }),
    composeWelcome(settings.site, { to: email, name }),
  ]);
}

export async function queuePasswordResetEmail(
  tx: TxContext,
  settings: EmailSettings,
  event: Envelope<typeof PasswordResetRequested>,
): Promise<void> {
  const { userId, email, name, resetUrl, expiresAt } = event.payload;
  const validFor = describeValidity(event.occurredAt, expiresAt);
  await queueForMember(tx, settings, event.id, userId, [
    composePasswordReset(settings.site, { to: email, name, resetUrl, validFor }),
  ]);
}

/** The confirmation goes to the NEW address: proving the member can read it is the point. */
export async function queueEmailChangeConfirmation(
  tx: TxContext,
  settings: EmailSettings,
  event: Envelope<typeof EmailChangeRequested>,
): Promise<void> {
  const { userId, name, newEmail, confirmationUrl } = event.payload;
  await queueForMember(tx, settings, event.id, userId, [
    composeEmailChangeConfirmation(settings.site, { to: newEmail, name, confirmationUrl }),
  ]);
}

export async function queuePasswordChangedNotice(
  tx: TxContext,
  settings: EmailSettings,
  event: Envelope<typeof PasswordChanged>,
): Promise<void> {
  const { userId, email, name, reason } = event.payload;
  await queueForMember(tx, settings, event.id, userId, [
    composePasswordChanged(settings.site, { to: email, name, reason }),
  ]);
}

/** Account deleted: its e-mails (addresses, names, links) go; only the random account id stays, to refuse late e-mails. */
export async function forgetMember(tx: TxContext, event: Envelope<typeof UserDeleted>): Promise<void> {
  await eraseMemberEmails(tx.trx, event.payload.userId);
}
