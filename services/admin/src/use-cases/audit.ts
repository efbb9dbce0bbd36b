import { randomUUID } from 'node:crypto';
import type { AuditEntry, AuditList } from '@mer/contracts';
import { insertAuditEntry, listAuditEntries } from '../db/audit.repository.ts';
import type { AuditEntryRow } from '../db/tables.ts';
import type { AdminDeps, AdminTx } from '../deps.ts';

/**
 * Records an admin action in the same transaction as the action itself: an action without its audit entry (or the
 * other way round) cannot exist.
 */
export async function audit(
  tx: AdminTx,
  entry: {
    actorId: string;
    action: string;
    targetType: string;
    targetId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    /** When it happened, if not now (an action another service carried out and told of). */
    at?: Date;
  },
): Promise<void> {
  await insertAuditEntry(tx.trx, { id: randomUUID(), ...entry });
}

export async function auditTrail(
  deps: AdminDeps,
  query: { actorId?: string; targetId?: string; limit?: number; offset?: number },
): Promise<AuditList> {
  const { entries, total } = await listAuditEntries(deps.db, {
    actorId: query.actorId,
    targetId: query.targetId,
    limit: query.limit ?? 50,
    offset: query.offset ?? 0,
  });
  return { entries: entries.map(toAuditEntry), total };
}

function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actor_id,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before,
    after: row.after,
  };
}
