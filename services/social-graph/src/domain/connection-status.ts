import type { ConnectionStatus } from '@mer/contracts';

/** The fields of a connection_requests row the derived status reads. */
export interface RequestFacts {
  id: string;
  sender_id: string;
  receiver_id: string;
  status: 'pending' | 'accepted';
  deleted: boolean;
}

/**
 * The derived connection status of a pair as `viewerId` sees it (spec 001 section 4 "Connection status"):
 * accepted and not deleted gives connected; pending and not deleted gives pending_sent when the viewer sent it,
 * otherwise pending_received; anything else (no row, a deleted row) gives none.
 */
export function deriveStatus(
  viewerId: string,
  otherId: string,
  row: RequestFacts | undefined,
): ConnectionStatus {
  if (!row || row.deleted) return { userId: otherId, status: 'none', requestId: null, senderId: null };
  const status =
    row.status === 'accepted'
      ? 'connected'
      : row.sender_id === viewerId
        ? 'pending_sent'
        : 'pending_received';
  return { userId: otherId, status, requestId: row.id, senderId: row.sender_id };
}

/** The other member of a request, from one member's side. */
export function otherMemberOf(row: { sender_id: string; receiver_id: string }, memberId: string): string {
  return row.sender_id === memberId ? row.receiver_id : row.sender_id;
}
