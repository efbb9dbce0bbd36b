import {
  AdminActionTaken,
  SessionsRevoked,
  WaitingListInvited,
  type CommunityRole,
  type Invitation,
  type InvitationList,
  type MemberAccount,
  type MemberList,
  type MemberQuery,
  type Permission,
  type WaitingList,
  type WaitingListEntry,
} from '@mer/contracts';
import { invalidData, notFound } from '@mer/service-runtime';
import { findAccountById } from '../db/accounts.repository.ts';
import {
  disableInvitation as disableInvitationRow,
  findInvitation,
  listInvitations as listInvitationRows,
} from '../db/invitations.repository.ts';
import {
  activeAdminsAmong,
  countLiveSessions,
  rolesOfMembers,
  searchMembers,
  setFacilitatorFlag,
  setSuspendedAt,
} from '../db/members.repository.ts';
import {
  activateAdminUser,
  deactivateAdminUser,
  grantPermission as grantPermissionRow,
  grantRole,
  grantedPermissionsOf,
  isActiveAdminUser,
  revokePermission as revokePermissionRow,
  revokeRole,
  rolesAndPermissionsOf,
} from '../db/roles.repository.ts';
import { revokeFamiliesOfUser } from '../db/sessions.repository.ts';
import type { Account, IdentityDb, WaitingListRegistration } from '../db/tables.ts';
import {
  findWaitingListEntry,
  listWaitingList as listWaitingListRows,
  markInvited,
} from '../db/waiting-list.repository.ts';
import { normaliseInvitationCode } from '../domain/invitation-code.ts';
import { Texts } from '../domain/texts.ts';
import type { IdentityDeps, IdentityTx } from '../deps.ts';
import { announceRolesChanged } from './announce-roles.ts';
import { createInvitation, toInvitation } from './invitations.ts';

/*
 * The Admin Panel's member, invitation and waiting-list tools (issue 20). The contract lets only the right
 * permissions in; every change happens in one transaction with its identity.admin.action-taken.v1 event, which
 * the admin service keeps as its audit trail (before and after are the member's account as the Admin Panel shows it).
 */

type Deps = Pick<IdentityDeps, 'db' | 'transaction' | 'log' | 'config'>;

export async function listMembers(deps: Pick<IdentityDeps, 'db'>, query: MemberQuery): Promise<MemberList> {
  const { rows, total } = await searchMembers(deps.db, {
    q: query.q,
    role: query.role,
    status: query.status,
    limit: query.limit ?? 25,
    offset: query.offset ?? 0,
  });
  const ids = rows.map((r) => r.id);
  const [roles, admins] = await Promise.all([rolesOfMembers(deps.db, ids), activeAdminsAmong(deps.db, ids)]);
  return {
    total,
    members: rows.map((account) => ({
      id: account.id,
      name: account.name,
      username: account.username,
      email: account.email,
      roles: roles.get(account.id) ?? [],
      isAdmin: admins.has(account.id),
      facilitator: account.is_facilitator,
      suspended: account.suspended_at !== null,
      createdAt: account.created_at.toISOString(),
    })),
  };
}

async function describeMember(db: IdentityDb, account: Account): Promise<MemberAccount> {
  const { roles, permissions } = await rolesAndPermissionsOf(db, account.id);
  return {
    id: account.id,
    name: account.name,
    username: account.username,
    email: account.email,
    roles,
    isAdmin: await isActiveAdminUser(db, account.id),
    facilitator: account.is_facilitator,
    suspended: account.suspended_at !== null,
    suspendedAt: account.suspended_at ? account.suspended_at.toISOString() : null,
    createdAt: account.created_at.toISOString(),
    emailConfirmed: account.email_confirmed_at !== null,
    permissions,
    grantedPermissions: await grantedPermissionsOf(db, account.id),
    activeSessions: await countLiveSessions(db, account.id),
  };
}

async function existingMember(db: IdentityDb, userId: string): Promise<Account> {
  const account = await findAccountById(db, userId);
  if (!account) throw notFound('Member not found.');
  return account;
}

export async function memberAccount(deps: Pick<IdentityDeps, 'db'>, userId: string): Promise<MemberAccount> {
  return describeMember(deps.db, await existingMember(deps.db, userId));
}

/** The audited parts of a member's account: what before and after show. */
function auditView(m: MemberAccount): Record<string, unknown> {
  return {
    roles: m.roles,
    grantedPermissions: m.grantedPermissions,
    isAdmin: m.isAdmin,
    facilitator: m.facilitator,
    suspended: m.suspended,
  };
}

/**
 * Runs one change of a member's account with its audit event: reads the account before, changes it, reads it
 * after, publishes what changed (nothing is published when nothing changed, e.g. granting a held permission).
 */
async function changeMember(
  deps: Deps,
  actorId: string,
  userId: string,
  action: string,
  change: (tx: IdentityTx, account: Account) => Promise<void>,
  opts: { rolesChanged?: boolean } = {},
): Promise<MemberAccount> {
  return deps.transaction(async (tx) => {
    const account = await existingMember(tx.trx, userId);
    const before = await describeMember(tx.trx, account);
    await change(tx, account);
    const after = await describeMember(tx.trx, await existingMember(tx.trx, userId));
    const [b, a] = [auditView(before), auditView(after)];
    if (JSON.stringify(b) !== JSON.stringify(a)) {
      await tx.publish(AdminActionTaken, {
        actorId,
        action,
        targetType: 'member',
        targetId: userId,
        before: b,
        after: a,
      });
      if (opts.rolesChanged) await announceRolesChanged(tx, userId);
    }
    return after;
  });
}

export function grantPermission(deps: Deps, actorId: string, userId: string, permission: Permission) {
  return changeMember(deps, actorId, userId, 'permission.granted', (tx) =>
    grantPermissionRow(tx.trx, userId, permission, actorId),
  );
}

export function revokePermission(deps: Deps, actorId: string, userId: string, permission: Permission) {
  return changeMember(deps, actorId, userId, 'permission.revoked', (tx) =>
    revokePermissionRow(tx.trx, userId, permission),
  );
}

export function setAdminRecord(deps: Deps, actorId: string, userId: string, active: boolean) {
  return changeMember(
    deps,
    actorId,
    userId,
    active ? 'admin_record.activated' : 'admin_record.deactivated',
    (tx) => (active ? activateAdminUser(tx.trx, userId) : deactivateAdminUser(tx.trx, userId)),
    { rolesChanged: true },
  );
}

export function setCommunityRole(
  deps: Deps,
  actorId: string,
  userId: string,
  role: CommunityRole,
  held: boolean,
) {
  return changeMember(
    deps,
    actorId,
    userId,
    held ? 'role.granted' : 'role.revoked',
    (tx) => (held ? grantRole(tx.trx, userId, role) : revokeRole(tx.trx, userId, role)),
    { rolesChanged: true },
  );
}

export function setFacilitator(deps: Deps, actorId: string, userId: string, facilitator: boolean) {
  return changeMember(deps, actorId, userId, facilitator ? 'facilitator.set' : 'facilitator.cleared', (tx) =>
    setFacilitatorFlag(tx.trx, userId, facilitator),
  );
}

/**
 * Suspends or unsuspends a member. Suspending ends every session at once (the gateway signs their open tabs out
 * on identity.sessions.revoked.v1) and log-in and refresh refuse them until an admin unsuspends.
 */
export function setSuspension(deps: Deps, actorId: string, userId: string, suspended: boolean) {
  return changeMember(
    deps,
    actorId,
    userId,
    suspended ? 'member.suspended' : 'member.unsuspended',
    async (tx, account) => {
      if (suspended === (account.suspended_at !== null)) return;
      await setSuspendedAt(tx.trx, userId, suspended ? new Date() : null);
      if (suspended) {
        await revokeFamiliesOfUser(tx.trx, userId, 'admin_suspended');
        await tx.publish(SessionsRevoked, { userId, reason: 'admin_suspended' });
      }
    },
  );
}

export async function endMemberSessions(
  deps: Deps,
  actorId: string,
  userId: string,
): Promise<{ message: string; revokedSessions: number }> {
  const revokedSessions = await deps.transaction(async (tx) => {
    await existingMember(tx.trx, userId);
    const count = await revokeFamiliesOfUser(tx.trx, userId, 'admin_revoked');
    await tx.publish(SessionsRevoked, { userId, reason: 'admin_revoked' });
    await tx.publish(AdminActionTaken, {
      actorId,
      action: 'sessions.ended',
      targetType: 'member',
      targetId: userId,
      before: { activeSessions: count },
      after: { activeSessions: 0 },
    });
    return count;
  });
  return { message: Texts.memberSessionsEnded, revokedSessions };
}

export async function listInvitations(
  deps: Pick<IdentityDeps, 'db'>,
  page: { limit?: number | undefined; offset?: number | undefined },
): Promise<InvitationList> {
  const { rows, total } = await listInvitationRows(deps.db, {
    limit: page.limit ?? 25,
    offset: page.offset ?? 0,
  });
  return { invitations: rows.map(toInvitation), total };
}

export async function disableInvitation(deps: Deps, actorId: string, rawCode: string): Promise<Invitation> {
  const code = normaliseInvitationCode(rawCode);
  return deps.transaction(async (tx) => {
    const before = code ? await findInvitation(tx.trx, code) : undefined;
    if (!before) throw notFound('Invitation code not found.');
    const after = await disableInvitationRow(tx.trx, before.code);
    if (!after) throw notFound('Invitation code not found.');
    if (before.disabled_at === null) {
      await tx.publish(AdminActionTaken, {
        actorId,
        action: 'invitation.disabled',
        targetType: 'invitation',
        targetId: before.code,
        before: { disabled: false, usesCount: before.uses_count, maxUses: before.max_uses },
        after: { disabled: true, usesCount: after.uses_count, maxUses: after.max_uses },
      });
    }
    return toInvitation(after);
  });
}

function toWaitingListEntry(row: WaitingListRegistration): WaitingListEntry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listWaitingList(
  deps: Pick<IdentityDeps, 'db'>,
  page: { limit?: number | undefined; offset?: number | undefined },
): Promise<WaitingList> {
  const { rows, total } = await listWaitingListRows(deps.db, {
    limit: page.limit ?? 25,
    offset: page.offset ?? 0,
  });
  return { entries: rows.map(toWaitingListEntry), total };
}

/**
 * Invites someone from the waiting list: a fresh single-use code, the entry marked invited, and the e-mail sent by
 * notifications-email on identity.waiting-list.invited.v1 — all or nothing. Inviting again sends a new code
 * (the first e-mail may have been lost).
 */
export async function inviteFromWaitingList(
  deps: Deps,
  actorId: string,
  entryId: string,
): Promise<{ entry: WaitingListEntry; invitation: Invitation }> {
  return deps.transaction(async (tx) => {
    const entry = await findWaitingListEntry(tx.trx, entryId);
    if (!entry) throw notFound('Waiting list entry not found.');
    if (entry.status === 'declined')
      throw invalidData('Invalid Data', 'This person declined the invitation.');
    const invitation = await createInvitation(
      { db: tx.trx },
      { maxUses: 1, source: 'admin', createdBy: actorId },
    );
    const invited = await markInvited(tx.trx, entry.id);
    const signupUrl = `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}/signup?code=${invitation.code}`;
    await tx.publish(WaitingListInvited, {
      email: entry.email,
      name: entry.name,
      invitationCode: invitation.code,
      signupUrl,
    });
    await tx.publish(AdminActionTaken, {
      actorId,
      action: 'waiting_list.invited',
      targetType: 'waiting_list',
      targetId: entry.id,
      before: { status: entry.status },
      after: { status: invited.status, invitationCode: invitation.code },
    });
    return { entry: toWaitingListEntry(invited), invitation };
  });
}

/** Carries out a moderation decision to suspend: as the Admin Panel's suspend, inside the consumer's transaction. */
export async function suspendByModeration(tx: IdentityTx, userId: string): Promise<void> {
  const account = await findAccountById(tx.trx, userId);
  if (!account || account.suspended_at) return;
  await setSuspendedAt(tx.trx, userId, new Date());
  await revokeFamiliesOfUser(tx.trx, userId, 'admin_suspended');
  await tx.publish(SessionsRevoked, { userId, reason: 'admin_suspended' });
}
