import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { Timestamp, Uuid } from './common.ts';

export const OutboxEmail = Type.Object({
  id: Uuid,
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  kind: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed')]),
  /** The transport it is queued for, then the one that sent it. */
  transport: Type.Union([Type.Literal('outbox'), Type.Literal('smtp')]),
  /** Sending tries so far (at most 5). */
  attempts: Type.Integer({ minimum: 0 }),
  /** Why the last try failed, while retrying or once failed; null after success. */
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  sentAt: Type.Union([Timestamp, Type.Null()]),
});
export type OutboxEmail = Static<typeof OutboxEmail>;

export const notificationsEmailRoutes = defineRoutes('notifications-email', {
  listOutbox: {
    method: 'GET',
    path: '/api/v1/notifications-email/admin/outbox',
    summary: 'E-mails MER sent or queued, newest first (the admin e-mail tester and local outbox)',
    access: { kind: 'permission', anyOf: ['system_admin', 'system_settings'] },
    querystring: Type.Object({
      to: Type.Optional(Type.String({ maxLength: 254 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    }),
    response: { 200: Type.Object({ emails: Type.Array(OutboxEmail) }) },
  },
});
