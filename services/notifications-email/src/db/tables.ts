import type { ColumnType, Generated } from 'kysely';
import type { EmailKind } from '../domain/email-templates.ts';

/** notifications-email's tables as Kysely sees them. Times are timestamptz (Date in JS). */
export type EmailStatus = 'queued' | 'sent' | 'failed';
export type TransportKind = 'outbox' | 'smtp';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface EmailQueueTable {
  id: string;
  seq: Generated<number>;
  event_id: string;
  kind: EmailKind;
  user_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  action_url: string | null;
  status: Generated<EmailStatus>;
  transport: TransportKind;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  sent_at: Date | null;
}

export interface NotificationsEmailTables {
  email_queue: EmailQueueTable;
}
