import { Type } from '@sinclair/typebox';
import { defineEvent } from './envelope.ts';

const Uuid = Type.String({ format: 'uuid' });

export const UserRegistered = defineEvent(
  'identity.user.registered.v1',
  'A new account was created with an invitation code. Carries the one-time e-mail confirmation link.',
  Type.Object({
    userId: Uuid,
    email: Type.String(),
    name: Type.String(),
    username: Type.String(),
    discountPercent: Type.Union([Type.Integer(), Type.Null()]),
    emailConfirmationUrl: Type.String(),
    registeredAt: Type.String({ format: 'date-time' }),
  }),
);

export const EmailConfirmed = defineEvent(
  'identity.email.confirmed.v1',
  'An account confirmed its e-mail address (at sign-up or after a change).',
  Type.Object({ userId: Uuid, email: Type.String() }),
);

export const EmailChangeRequested = defineEvent(
  'identity.email-change.requested.v1',
  'A member asked to change e-mail; the confirmation link goes to the new address.',
  Type.Object({ userId: Uuid, name: Type.String(), newEmail: Type.String(), confirmationUrl: Type.String() }),
);

export const PasswordResetRequested = defineEvent(
  'identity.password-reset.requested.v1',
  'A password reset was asked for an existing account. Carries the one-time reset link.',
  Type.Object({
    userId: Uuid,
    email: Type.String(),
    name: Type.String(),
    resetUrl: Type.String(),
    expiresAt: Type.String({ format: 'date-time' }),
  }),
);

export const PasswordChanged = defineEvent(
  'identity.password.changed.v1',
  'The password of an account changed, by reset or by the member.',
  Type.Object({
    userId: Uuid,
    email: Type.String(),
    name: Type.String(),
    reason: Type.Union([Type.Literal('reset'), Type.Literal('change')]),
  }),
);

export const SessionsRevoked = defineEvent(
  'identity.sessions.revoked.v1',
  'Sessions were ended. userId null means every member (the admin "end all sessions" tool).',
  Type.Object({
    userId: Type.Union([Uuid, Type.Null()]),
    reason: Type.Union([
      Type.Literal('password_reset'),
      Type.Literal('password_change'),
      Type.Literal('admin_revoke_all'),
      Type.Literal('refresh_token_reuse'),
      Type.Literal('account_deleted'),
      Type.Literal('admin_suspended'),
      Type.Literal('admin_revoked'),
    ]),
  }),
);

export const UserDeleted = defineEvent(
  'identity.user.deleted.v1',
  "An account was deleted. Every service removes or anonymises that member's data.",
  Type.Object({ userId: Uuid }),
);

export const UserRolesChanged = defineEvent(
  'identity.user.roles-changed.v1',
  "An account's roles or its admin record changed (the first admin's creation included). Carries the whole " +
    'state after the change, not a delta: a consumer keeps the newest by occurredAt. A new member holds only ' +
    '`member`, which identity.user.registered.v1 already implies, so sign-ups publish no roles event.',
  Type.Object({
    userId: Uuid,
    /** Every role the account holds now, sorted (e.g. ["admin", "member"]). */
    roles: Type.Array(Type.String()),
    /** The account has an active admin_users record: the spec's admin badge status. */
    isAdmin: Type.Boolean(),
  }),
);

export const AdminActionTaken = defineEvent(
  'identity.admin.action-taken.v1',
  "An admin changed a member's account, an invitation code or the waiting list in the Admin Panel (or a " +
    'moderation decision suspended a member). The admin service keeps it in its audit trail: who, on what, ' +
    'before and after.',
  Type.Object({
    actorId: Uuid,
    /** e.g. permission.granted, permission.revoked, admin_record.set, role.set, facilitator.set,
     * member.suspended, member.unsuspended, sessions.ended, member.deleted, invitation.disabled, waiting_list.invited */
    action: Type.String(),
    targetType: Type.Union([
      Type.Literal('member'),
      Type.Literal('invitation'),
      Type.Literal('waiting_list'),
    ]),
    targetId: Type.String(),
    before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  }),
);

export const WaitingListInvited = defineEvent(
  'identity.waiting-list.invited.v1',
  'An admin invited someone from the waiting list: notifications-email sends them the fresh invitation code.',
  Type.Object({
    email: Type.String(),
    name: Type.String(),
    invitationCode: Type.String(),
    signupUrl: Type.String(),
  }),
);

export const identityEvents = [
  UserRegistered,
  EmailConfirmed,
  EmailChangeRequested,
  PasswordResetRequested,
  PasswordChanged,
  SessionsRevoked,
  UserDeleted,
  UserRolesChanged,
  AdminActionTaken,
  WaitingListInvited,
] as const;
