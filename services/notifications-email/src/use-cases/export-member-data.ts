import type { Kysely } from 'kysely';
import { MEMBER_DATA_EXPORT_VERSION, type NotificationsEmailDataExport } from '@mer/contracts';
import { emailsForExport } from '../db/member-export.repository.ts';
import type { NotificationsEmailTables } from '../db/tables.ts';

/** notifications-email's part of "Download my data": what was queued or sent to the member, without bodies. */
export async function exportMemberData(
  deps: { db: Kysely<NotificationsEmailTables> },
  userId: string,
  now: Date = new Date(),
): Promise<NotificationsEmailDataExport> {
  const emails = await emailsForExport(deps.db, userId);
  return {
    service: 'notifications-email',
    exportedAt: now.toISOString(),
    version: MEMBER_DATA_EXPORT_VERSION,
    data: {
      emails: emails.map((e) => ({
        id: e.id,
        kind: e.kind,
        to: e.to_address,
        subject: e.subject,
        status: e.status,
        transport: e.transport,
        attempts: e.attempts,
        createdAt: new Date(e.created_at).toISOString(),
        sentAt: e.sent_at ? e.sent_at.toISOString() : null,
      })),
    },
  };
}
