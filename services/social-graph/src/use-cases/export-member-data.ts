import { MEMBER_DATA_EXPORT_VERSION, type SocialGraphDataExport } from '@mer/contracts';
import { memberExportRows } from '../db/member-export.repository.ts';
import type { SocialGraphDeps } from '../deps.ts';

/** The member's part of "Download my data": what they did here, not what others did about them. */
export async function exportMemberData(
  deps: SocialGraphDeps,
  memberId: string,
): Promise<SocialGraphDataExport> {
  const rows = await memberExportRows(deps.db, memberId);
  return {
    service: 'social-graph',
    exportedAt: new Date().toISOString(),
    version: MEMBER_DATA_EXPORT_VERSION,
    data: {
      connectionRequests: rows.requests.map((r) => ({
        id: r.id,
        senderId: r.sender_id,
        receiverId: r.receiver_id,
        status: r.status,
        deleted: r.deleted,
        emailSent: r.email_sent,
        createdAt: r.created_at.toISOString(),
        acceptedAt: r.accepted_at?.toISOString() ?? null,
      })),
      blocked: rows.blocks.map((b) => ({ userId: b.blocked_id, at: b.created_at.toISOString() })),
      muted: rows.mutes.map((m) => ({ userId: m.muted_id, at: m.created_at.toISOString() })),
      reportsFiled: rows.reports.map((r) => ({
        id: r.id,
        reportedId: r.reported_id,
        reason: r.reason,
        details: r.details,
        at: r.created_at.toISOString(),
      })),
      dismissedSuggestions: rows.dismissals.map((d) => ({
        userId: d.dismissed_user_id,
        at: d.created_at.toISOString(),
      })),
    },
  };
}
