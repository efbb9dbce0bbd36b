import { randomUUID } from 'node:crypto';
import {
  MemberBlocked,
  MemberMuted,
  MemberReported,
  MemberUnblocked,
  MemberUnmuted,
  SOCIAL_GRAPH_TEXT,
  SocialGraphThreatDetected,
  type BlockList,
  type MuteList,
  type ReportReason,
} from '@mer/contracts';
import { authenticationError, invalidData, notFound } from '@mer/service-runtime';
import { sanitise, securityEvent } from '@mer/text-sanitiser';
import {
  deleteBlock,
  deleteMute,
  insertBlock,
  insertMute,
  insertReport,
  listBlocks,
  listMutes,
} from '../db/blocks.repository.ts';
import { findLiveRequest, lockPair } from '../db/connections.repository.ts';
import { findMember } from '../db/members.repository.ts';
import type { SocialGraphDeps, SocialGraphTx } from '../deps.ts';
import { endRequest } from './connections.ts';

/** Blocks, mutes and reports: all silent towards the member they are about. */

async function actor(tx: SocialGraphTx, memberId: string, otherId: string, field: string): Promise<void> {
  if (otherId === memberId) throw invalidData('Invalid Data', 'You cannot do this to yourself.', field);
  await tx.members.lock(memberId);
  if (await tx.members.isErased(memberId)) throw authenticationError();
  if (!(await findMember(tx.trx, otherId))) throw notFound(SOCIAL_GRAPH_TEXT.memberNotFound);
}

/** A block ends any request or connection between the two (without telling the blocked member). */
export async function block(deps: SocialGraphDeps, blockerId: string, blockedId: string): Promise<void> {
  await deps.transaction(async (tx) => {
    await actor(tx, blockerId, blockedId, 'body.userId');
    await lockPair(tx.trx, blockerId, blockedId);
    if (!(await insertBlock(tx.trx, blockerId, blockedId))) return;
    const live = await findLiveRequest(tx.trx, blockerId, blockedId);
    if (live) await endRequest(tx, live, blockerId, 'blocked');
    await tx.publish(MemberBlocked, { blockerId, blockedId, blockedAt: new Date().toISOString() });
  });
}

export async function unblock(deps: SocialGraphDeps, blockerId: string, blockedId: string): Promise<void> {
  await deps.transaction(async (tx) => {
    await tx.members.lock(blockerId);
    if (await tx.members.isErased(blockerId)) throw authenticationError();
    if (!(await deleteBlock(tx.trx, blockerId, blockedId))) return;
    await tx.publish(MemberUnblocked, { blockerId, blockedId, unblockedAt: new Date().toISOString() });
  });
}

export async function myBlocks(deps: SocialGraphDeps, memberId: string): Promise<BlockList> {
  const rows = await listBlocks(deps.db, memberId);
  return {
    blocked: rows.map((r) => ({
      userId: r.userId,
      name: r.name ?? '',
      imageUrl: r.image_url ?? null,
      blockedAt: r.created_at.toISOString(),
    })),
  };
}

export async function mute(deps: SocialGraphDeps, muterId: string, mutedId: string): Promise<void> {
  await deps.transaction(async (tx) => {
    await actor(tx, muterId, mutedId, 'body.userId');
    if (!(await insertMute(tx.trx, muterId, mutedId))) return;
    await tx.publish(MemberMuted, { muterId, mutedId, mutedAt: new Date().toISOString() });
  });
}

export async function unmute(deps: SocialGraphDeps, muterId: string, mutedId: string): Promise<void> {
  await deps.transaction(async (tx) => {
    await tx.members.lock(muterId);
    if (await tx.members.isErased(muterId)) throw authenticationError();
    if (!(await deleteMute(tx.trx, muterId, mutedId))) return;
    await tx.publish(MemberUnmuted, { muterId, mutedId, unmutedAt: new Date().toISOString() });
  });
}

export async function myMutes(deps: SocialGraphDeps, memberId: string): Promise<MuteList> {
  const rows = await listMutes(deps.db, memberId);
  return {
    muted: rows.map((r) => ({
      userId: r.userId,
      name: r.name ?? '',
      imageUrl: r.image_url ?? null,
      mutedAt: r.created_at.toISOString(),
    })),
  };
}

/** A report is recorded and published (the moderation queue of the admin issue consumes it). */
export async function reportMember(
  deps: SocialGraphDeps,
  reporterId: string,
  body: { userId: string; reason: ReportReason; details?: string },
): Promise<{ reportId: string; reportedAt: string }> {
  const details = body.details === undefined ? null : await sanitisedDetails(deps, reporterId, body.details);
  return deps.transaction(async (tx) => {
    await actor(tx, reporterId, body.userId, 'body.userId');
    const row = await insertReport(tx.trx, {
      id: randomUUID(),
      reporterId,
      reportedId: body.userId,
      reason: body.reason,
      details,
    });
    const reportedAt = row.created_at.toISOString();
    await tx.publish(MemberReported, {
      reportId: row.id,
      reporterId,
      reportedId: body.userId,
      reason: body.reason,
      details,
      reportedAt,
    });
    return { reportId: row.id, reportedAt };
  });
}

/** The longest report details accepted (the contract's limit too). */
export const REPORT_DETAILS_MAX_LENGTH = 2000;

/**
 * Report details through the one sanitiser: plain text, its refusal as a 400, and any threat it found published
 * for the admin security log in a transaction of its own (kept even if the report is then refused).
 */
async function sanitisedDetails(
  deps: SocialGraphDeps,
  userId: string,
  details: string,
): Promise<string | null> {
  const result = sanitise(details, { maxLength: REPORT_DETAILS_MAX_LENGTH });
  if (result.threats.length) {
    await deps.transaction((tx) =>
      tx.publish(
        SocialGraphThreatDetected,
        securityEvent(result, { service: 'social-graph', userId, field: 'report.details' }),
      ),
    );
  }
  if (!result.ok) throw invalidData('Invalid Data', result.error, 'body.details');
  return result.value || null;
}
