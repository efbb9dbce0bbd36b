import { randomUUID } from 'node:crypto';
import { NotificationsEmailTexts } from '@mer/contracts';
import { invalidData, notFound } from '@mer/service-runtime';
import { queueEmail } from '../db/email-queue.repository.ts';
import { findMember } from '../db/members.repository.ts';
import {
  composeConnectionRequestEmail,
  composeNotificationEmail,
  type ComposedEmail,
} from '../domain/email-templates.ts';
import type { NotificationsEmailDeps } from '../deps.ts';

const TEST_TYPES = ['connection_request', 'connection_accepted', 'message'] as const;
type TestType = (typeof TEST_TYPES)[number];

/**
 * The /email-test page's unified tester: a sample of the chosen type to an address, or to another member (the
 * address MER knows for them). Sent at once through the queue, so the outbox and the e-mail logs show it.
 */
export async function sendTestEmail(
  deps: NotificationsEmailDeps,
  callerId: string,
  body: { type: string; email?: string | undefined; targetUserId?: string | undefined },
): Promise<{ success: boolean; message: string; to: string; emailId: string }> {
  if (!TEST_TYPES.includes(body.type as TestType)) {
    throw invalidData('Unknown email type', NotificationsEmailTexts.unknownEmailType, 'type');
  }
  let to = body.email?.trim() ?? '';
  let name = '';
  if (body.targetUserId) {
    const target = await findMember(deps.db, body.targetUserId);
    if (!target?.email) throw notFound(NotificationsEmailTexts.targetEmailNotFound);
    to = target.email;
    name = target.name;
  }
  if (!to) throw invalidData('Email required', NotificationsEmailTexts.emailRequired, 'email');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to))
    throw invalidData('Invalid email', 'Please enter a valid e-mail address.', 'email');
  const caller = await findMember(deps.db, callerId);
  const sample = composeSample(deps, body.type as TestType, {
    to,
    name,
    callerName: caller?.name || 'A member',
  });
  const id = randomUUID();
  await deps.transaction((tx) =>
    queueEmail(tx.trx, {
      id,
      eventId: id,
      userId: body.targetUserId ?? null,
      transport: deps.mailTransport.kind,
      email: { ...sample, kind: 'test', subject: `[Test] ${sample.subject}` },
      emailType: body.type,
      scheduledFor: deps.clock.now(),
    }),
  );
  return { success: true, message: `Test ${body.type} e-mail queued for ${to}`, to, emailId: id };
}

function composeSample(
  deps: NotificationsEmailDeps,
  type: TestType,
  input: { to: string; name: string; callerName: string },
): ComposedEmail {
  if (type === 'connection_request') {
    return composeConnectionRequestEmail(deps.site, {
      to: input.to,
      name: input.name,
      senderName: input.callerName,
    });
  }
  const notification =
    type === 'message'
      ? {
          title: `New message from ${input.callerName}`,
          message: `${input.callerName} sent you a message`,
          contentPreview: 'Hello! This is a test message from MER.',
          actionUrl: '/messages',
        }
      : {
          title: 'Connection accepted',
          message: `${input.callerName} accepted your connection request`,
          contentPreview: null,
          actionUrl: '/connections?tab=connections',
        };
  return composeNotificationEmail(deps.site, { to: input.to, name: input.name, type, notification });
}
