import { MEMBER_DATA_EXPORT_VERSION, type MessagingDataExport } from '@mer/contracts';
import { findSettings } from '../db/members.repository.ts';
import { memberExportRows } from '../db/member-export.repository.ts';
import type { MessagingDeps } from '../deps.ts';

/** The member's part of "Download my data": what they wrote and chose here, not what the other members wrote. */
export async function exportMemberData(deps: MessagingDeps, memberId: string): Promise<MessagingDataExport> {
  const [settings, rows] = await Promise.all([
    findSettings(deps.db, memberId),
    memberExportRows(deps.db, memberId),
  ]);
  return {
    service: 'messaging',
    exportedAt: new Date().toISOString(),
    version: MEMBER_DATA_EXPORT_VERSION,
    data: {
      settings: {
        readReceipts: settings.read_receipts,
        onlyConnectionsCanMessage: settings.only_connections,
      },
      conversations: rows.conversations.map((c) => ({
        id: c.conversation_id,
        otherMemberId: c.other_id,
        joinedAt: c.joined_at.toISOString(),
        lastReadSequence: c.last_read_sequence,
      })),
      messagesSent: rows.messages.map((m) => ({
        id: m.id,
        conversationId: m.conversation_id,
        sequence: m.sequence,
        body: m.body,
        createdAt: m.created_at.toISOString(),
        editedAt: m.edited_at?.toISOString() ?? null,
        deletedAt: m.deleted_at?.toISOString() ?? null,
      })),
      reactions: rows.reactions.map((r) => ({
        messageId: r.message_id,
        reaction: r.reaction,
        at: r.reacted_at.toISOString(),
      })),
    },
  };
}
