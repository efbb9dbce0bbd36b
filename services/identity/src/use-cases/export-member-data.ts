import { MEMBER_DATA_EXPORT_VERSION, type IdentityDataExport } from '@mer/contracts';
import { notFound } from '@mer/service-runtime';
import {
  accountForExport,
  rolesForExport,
  sessionsForExport,
  waitingListForExport,
} from '../db/member-export.repository.ts';
import type { IdentityDb } from '../db/tables.ts';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * identity's part of "Download my data": the account, the invitation used, roles, sessions and waiting-list
 * entries of the member, never a hash or token. An account already deleted has nothing left to export (404).
 */
export async function exportMemberData(
  deps: { db: IdentityDb },
  userId: string,
  now: Date = new Date(),
): Promise<IdentityDataExport> {
  const account = await accountForExport(deps.db, userId);
  if (!account) throw notFound();
  const [roles, sessions, waitingList] = await Promise.all([
    rolesForExport(deps.db, userId),
    sessionsForExport(deps.db, userId),
    waitingListForExport(deps.db, account.email),
  ]);
  return {
    service: 'identity',
    exportedAt: iso(now),
    version: MEMBER_DATA_EXPORT_VERSION,
    data: {
      account: {
        id: account.id,
        name: account.name,
        username: account.username,
        email: account.email,
        emailConfirmedAt: isoOrNull(account.email_confirmed_at),
        createdAt: iso(account.created_at),
        updatedAt: iso(account.updated_at),
      },
      invitation: account.invitation_code
        ? { code: account.invitation_code, discountPercent: account.discount_percent ?? null }
        : null,
      roles: roles.roles,
      isAdmin: roles.isAdmin,
      sessions: sessions.map((s) => ({
        id: s.id,
        rememberMe: s.remember_me,
        createdAt: iso(s.created_at),
        expiresAt: iso(s.expires_at),
        revokedAt: isoOrNull(s.revoked_at),
        revokedReason: s.revoked_reason,
      })),
      waitingList: waitingList.map((w) => ({
        email: w.email,
        name: w.name,
        status: w.status,
        source: w.source,
        createdAt: iso(w.created_at),
      })),
    },
  };
}
