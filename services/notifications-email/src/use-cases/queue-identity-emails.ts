import type {
  EventDefinition,
  EventEnvelope,
  EventPayload,
  EmailChangeRequested,
  PasswordChanged,
  PasswordResetRequested,
  UserDeleted,
  UserRegistered,
  WaitingListInvited,
} from '@mer/contracts';
import {
  composeEmailChangeConfirmation,
  composeEmailConfirmation,
  composePasswordChanged,
  composePasswordReset,
  composeWaitingListInvitation,
  composeWelcome,
  describeValidity,
  type ComposedEmail,
} from '../domain/email-templates.ts';
import { deleteMemberEmails, queueEmail } from '../db/email-queue.repository.ts';
import { deleteMember, upsertMember } from '../db/members.repository.ts';
import { deleteMemberNotifications } from '../db/notifications.repository.ts';
import type { NotificationsEmailDeps, NotificationsEmailTx } from '../deps.ts';

/** What composing and queueing needs: the site's links and the transport the e-mails are queued for. */
type EmailDeps = Pick<NotificationsEmailDeps, 'site' | 'mailTransport'>;

type Envelope<E extends EventDefinition> = EventEnvelope<EventPayload<E>>;

/**
 * Queues e-mails inside the consumer's transaction, so they exist exactly when the event is
 * recorded as handled. (Nothing reaches here for a member whose account was already deleted: the
 * consumers name the member, and the runtime drops events about erased members.)
 */
async function queueForMember(
  deps: EmailDeps,
  tx: NotificationsEmailTx,
  eventId: string,
  userId: string,
  emails: ComposedEmail[],
): Promise<void> {
  for (const email of emails) {
    await queueEmail(tx.trx, { eventId, userId, transport: deps.mailTransport.kind, email });
  }
}

/** Sign-up: the e-mail-confirmation link, and a warm welcome. */
export async function queueSignUpEmails(
  deps: EmailDeps,
  tx: NotificationsEmailTx,
  event: Envelope<typeof UserRegistered>,
): Promise<void> {
  const { userId, email, name, emailConfirmationUrl } = event.payload;
  // From now on the member's notification preferences exist (the spec's defaults until they change them).
  await upsertMember(tx.trx, userId, { email, name });
  await queueForMember(deps, tx, event.id, userId, [
    composeEmailConfirmation(deps.site, { to: email, name, confirmationUrl: emailConfirmationUrl }),
    composeWelcome(deps.site, { to: email, name }),
  ]);
}

export async function queuePasswordResetEmail(
  deps: EmailDeps,
  tx: NotificationsEmailTx,
  event: Envelope<typeof PasswordResetRequested>,
): Promise<void> {
  const { userId, email, name, resetUrl, expiresAt } = event.payload;
  const validFor = describeValidity(event.occurredAt, expiresAt);
  await queueForMember(deps, tx, event.id, userId, [
    composePasswordReset(deps.site, { to: email, name, resetUrl, validFor }),
  ]);
}

/** The confirmation goes to the NEW address: proving the member can read it is the point. */
export async function queueEmailChangeConfirmation(
  deps: EmailDeps,
  tx: NotificationsEmailTx,
  event: Envelope<typeof EmailChangeRequested>,
): Promise<void> {
  const { userId, name, newEmail, confirmationUrl } = event.payload;
  await queueForMember(deps, tx, event.id, userId, [
    composeEmailChangeConfirmation(deps.site, { to: newEmail, name, confirmationUrl }),
  ]);
}

export async function queuePasswordChangedNotice(
  deps: EmailDeps,
  tx: NotificationsEmailTx,
  event: Envelope<typeof PasswordChanged>,
): Promise<void> {
  const { userId, email, name, reason } = event.payload;
  await queueForMember(deps, tx, event.id, userId, [
    composePasswordChanged(deps.site, { to: email, name, reason }),
  ]);
}

/**
 * Account deleted: its e-mails (addresses, names, links), notifications, preferences and devices go. The runtime keeps only the random
 * account id (its member tombstone, recorded in this transaction) to refuse late e-mails.
 */
export async function forgetMember(
  tx: NotificationsEmailTx,
  event: Envelope<typeof UserDeleted>,
): Promise<void> {
  await deleteMemberEmails(tx.trx, event.payload.userId);
  await deleteMemberNotifications(tx.trx, event.payload.userId);
  await deleteMember(tx.trx, event.payload.userId);
}

/** Someone on the waiting list was invited: they have no account yet, so the e-mail belongs to no member. */
export async function queueWaitingListInvitation(
  deps: EmailDeps,
  tx: NotificationsEmailTx,
  event: Envelope<typeof WaitingListInvited>,
): Promise<void> {
  const { email, name, invitationCode, signupUrl } = event.payload;
  await queueEmail(tx.trx, {
    eventId: event.id,
    userId: null,
    transport: deps.mailTransport.kind,
    email: composeWaitingListInvitation(deps.site, { to: email, name, invitationCode, signupUrl }),
  });
}
