import { Type } from '@sinclair/typebox';
import { defineEvent } from './envelope.ts';

/*
 * Events notifications-email publishes. Subjects are `notifications-email.<entity>.<past-tense-event>.v<N>`.
 * Defined here for social-graph's connection_requests.email_sent flag (spec 001 section 4); publishing it is
 * the notifications issue's work.
 */

export const ConnectionRequestEmailSent = defineEvent(
  'notifications-email.connection-request-email.sent.v1',
  "The e-mail about a connection request went out to its receiver: social-graph flips the request's " +
    'email_sent from false to true.',
  Type.Object({
    requestId: Type.String({ format: 'uuid' }),
    receiverId: Type.String({ format: 'uuid' }),
    sentAt: Type.String({ format: 'date-time' }),
  }),
);

export const notificationsEmailEvents = [ConnectionRequestEmailSent];
