import { randomUUID } from 'node:crypto';
import {
  CIRCLE_DESCRIPTION_MAX_LENGTH,
  CIRCLE_NAME_MAX_LENGTH,
  CircleApproved,
  CircleCreated,
  CircleJoinRequested,
  CircleMemberInvited,
  CircleMemberJoined,
  CircleMemberLeft,
  CircleRejected,
  CircleRoleChanged,
  CircleUpdated,
  REVIEW_REASON_MAX_LENGTH,
  type Circle,
  type CircleAbout,
  type CircleInvitation,
  type CircleMember,
  type CircleMembershipState,
  type CirclePage,
  type CircleQuery,
  type CreateCircleBody,
  type ReviewBody,
  type UpdateCircleBody,
} from '@mer/contracts';
import { DomainError, invalidData, notFound, permissionDenied } from '@mer/service-runtime';
import {
  circleCounts,
  circleMembers,
  deleteCircleMember,
  findCircle,
  findCircleMember,
  findCircles,
  insertCircle,
  invitationsOf,
  listCircles,
  lockCircle,
  pendingCircles,
  refreshMemberCount,
  setCircleRole,
  updateCircle,
  upsertCircleMember,
} from '../db/circles.repository.ts';
import { findMember, findMembers } from '../db/members.repository.ts';
import { findPhoto } from '../db/photos.repository.ts';
import type { CircleRow, EventsCirclesDb } from '../db/tables.ts';
import type { EventsCirclesDeps, EventsCirclesTx } from '../deps.ts';
import {
  decodeCursor,
  encodeCursor,
  joinOutcome,
  leads,
  standingOf,
  type CircleRole,
} from '../domain/rules.ts';
import { lockLiveMember, requireContributor, type Viewer } from './access.ts';
import { cleanMemberText } from './member-text.ts';
import { presentCircle, presentCircles, toMember } from './present.ts';

/*
 * Circles: creation (pending until a reviewer approves it), review, joining by the circle's rule, leaving,
 * invitations, requests and roles. Only approved circles are listed and joined; their holder and reviewers see them
 * before that. The circle's row is locked while its membership changes, so member counts stay exact.
 */

const CIRCLE_NOT_FOUND = 'Circle not found.';
const LEADERS_ONLY = 'Only the holder or a moderator of the circle can do this.';

/** The circle the viewer may see: approved, or theirs, or any for reviewers. */
export async function visibleCircle(
  db: EventsCirclesDb,
  viewer: Viewer,
  circleId: string,
): Promise<CircleRow> {
  const circle = await findCircle(db, circleId);
  if (!circle) throw notFound(CIRCLE_NOT_FOUND);
  if (circle.approval_status !== 'approved' && circle.holder_id !== viewer.userId && !viewer.reviewer)
    throw notFound(CIRCLE_NOT_FOUND);
  // Hidden by a moderator: gone for members, shown (marked) to its holder and reviewers.
  if (circle.hidden_at && circle.holder_id !== viewer.userId && !viewer.reviewer)
    throw notFound(CIRCLE_NOT_FOUND);
  return circle;
}

/** The viewer's role in the circle, if a member. */
export async function roleIn(
  db: EventsCirclesDb,
  circleId: string,
  userId: string,
): Promise<CircleRole | undefined> {
  const row = await findCircleMember(db, circleId, userId);
  return row?.status === 'member' ? row.role : undefined;
}

/** Members read and write a circle's content; reviewers may read. */
export async function requireCircleMember(
  db: EventsCirclesDb,
  viewer: Viewer,
  circleId: string,
  opts: { write: boolean },
): Promise<{ circle: CircleRow; role: CircleRole | undefined }> {
  const circle = await visibleCircle(db, viewer, circleId);
  const role = await roleIn(db, circleId, viewer.userId);
  if (!role && !(viewer.reviewer && !opts.write)) throw permissionDenied('Join the circle to take part.');
  if (opts.write && circle.approval_status !== 'approved')
    throw permissionDenied('The circle is waiting for approval.');
  return { circle, role };
}

export async function requireLeader(db: EventsCirclesDb, viewer: Viewer, circleId: string) {
  const found = await requireCircleMember(db, viewer, circleId, { write: true });
  if (!leads(found.role)) throw permissionDenied(LEADERS_ONLY);
  return found;
}

async function cleanCircleText(deps: EventsCirclesDeps, userId: string, body: Partial<CreateCircleBody>) {
  const name =
    body.name === undefined
      ? undefined
      : await cleanMemberText(deps, userId, 'circle.name', body.name, {
          maxLength: CIRCLE_NAME_MAX_LENGTH,
          html: false,
          required: true,
        });
  const description =
    body.description === undefined
      ? undefined
      : await cleanMemberText(deps, userId, 'circle.description', body.description, {
          maxLength: CIRCLE_DESCRIPTION_MAX_LENGTH,
          html: true,
          required: true,
        });
  const cityLabel =
    body.city?.label === undefined
      ? undefined
      : await cleanMemberText(deps, userId, 'circle.cityLabel', body.city.label, {
          maxLength: 200,
          html: false,
          required: true,
        });
  return { name, description, cityLabel };
}

async function requireOwnPhoto(tx: EventsCirclesTx, userId: string, photoId: string | null | undefined) {
  if (!photoId) return;
  const photo = await findPhoto(tx.trx, photoId);
  if (!photo || photo.owner_id !== userId)
    throw invalidData('Invalid Data', 'Upload the cover image first.', 'coverPhotoId');
}

const circleFacts = (c: CircleRow) => ({
  circleId: c.id,
  name: c.name,
  description: c.description,
  category: c.category,
  joinPolicy: c.join_policy,
  cityId: c.city_id,
  cityLabel: c.city_label,
  holderId: c.holder_id,
  approvalStatus: c.approval_status,
  coverUrl: c.cover_photo_id ? `/api/v1/events-circles/photo-files/${c.cover_photo_id}.jpg` : null,
});

export async function createCircle(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  body: CreateCircleBody,
): Promise<Circle> {
  const text = await cleanCircleText(deps, viewer.userId, body);
  const row = await deps.transaction(async (tx) => {
    await requireContributor(deps, tx, viewer);
    await requireOwnPhoto(tx, viewer.userId, body.coverPhotoId);
    const circle = await insertCircle(tx.trx, {
      id: randomUUID(),
      name: text.name!,
      description: text.description!,
      category: body.category,
      join_policy: body.joinPolicy,
      city_id: body.city?.id ?? null,
      city_label: text.cityLabel ?? null,
      latitude: body.city?.latitude ?? null,
      longitude: body.city?.longitude ?? null,
      cover_photo_id: body.coverPhotoId ?? null,
      holder_id: viewer.userId,
      member_count: 1,
    });
    await upsertCircleMember(tx.trx, {
      circleId: circle.id,
      userId: viewer.userId,
      status: 'member',
      role: 'holder',
    });
    await tx.publish(CircleCreated, { ...circleFacts(circle), createdAt: circle.created_at.toISOString() });
    return circle;
  });
  return presentCircle(deps.db, viewer, row);
}

export async function getCircle(deps: EventsCirclesDeps, viewer: Viewer, circleId: string): Promise<Circle> {
  return presentCircle(deps.db, viewer, await visibleCircle(deps.db, viewer, circleId));
}

export async function circleAbout(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
): Promise<CircleAbout> {
  const row = await visibleCircle(deps.db, viewer, circleId);
  const [circle, leaders, counts] = await Promise.all([
    presentCircle(deps.db, viewer, row),
    circleMembers(deps.db, circleId, 'member').then((rows) => rows.filter((r) => leads(r.role))),
    circleCounts(deps.db, circleId, deps.clock.now(), viewer.reviewer ? null : viewer.userId),
  ]);
  const members = await findMembers(
    deps.db,
    leaders.map((l) => l.user_id),
  );
  return {
    circle,
    leaders: leaders.map((l) => ({ member: toMember(l.user_id, members), role: l.role })),
    ...counts,
  };
}

export async function editCircle(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  body: UpdateCircleBody,
): Promise<Circle> {
  const text = await cleanCircleText(deps, viewer.userId, body);
  const row = await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const circle = await lockCircle(tx.trx, circleId);
    if (!circle || (circle.approval_status !== 'approved' && circle.holder_id !== viewer.userId))
      throw notFound(CIRCLE_NOT_FOUND);
    if ((await roleIn(tx.trx, circleId, viewer.userId)) !== 'holder')
      throw permissionDenied('Only the holder can edit the circle.');
    await requireOwnPhoto(tx, viewer.userId, body.coverPhotoId);
    const updated = await updateCircle(tx.trx, circleId, {
      ...(text.name !== undefined ? { name: text.name } : {}),
      ...(text.description !== undefined ? { description: text.description } : {}),
      ...(body.category !== undefined ? { category: body.category } : {}),
      ...(body.joinPolicy !== undefined ? { join_policy: body.joinPolicy } : {}),
      ...(body.city !== undefined
        ? {
            city_id: body.city?.id ?? null,
            city_label: text.cityLabel ?? null,
            latitude: body.city?.latitude ?? null,
            longitude: body.city?.longitude ?? null,
          }
        : {}),
      ...(body.coverPhotoId !== undefined ? { cover_photo_id: body.coverPhotoId } : {}),
    });
    await tx.publish(CircleUpdated, { ...circleFacts(updated), updatedAt: updated.updated_at.toISOString() });
    return updated;
  });
  return presentCircle(deps.db, viewer, row);
}

export async function browseCircles(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  query: CircleQuery,
): Promise<CirclePage> {
  const limit = query.limit ?? 20;
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (query.cursor && !after) throw invalidData('Invalid Data', 'The page cursor is not valid.', 'cursor');
  const view = query.view ?? 'all';
  const rows = await listCircles(deps.db, {
    q: query.q?.trim() || undefined,
    category: query.category,
    cityId: query.cityId,
    view,
    viewerId: viewer.userId,
    after,
    limit,
  });
  const last = rows.at(-1);
  return {
    circles: await presentCircles(deps.db, viewer, rows),
    nextCursor:
      rows.length === limit && last
        ? encodeCursor(
            view === 'popular' ? String(last.member_count) : last.created_at.toISOString(),
            last.id,
          )
        : null,
  };
}

export async function circlesToReview(
  deps: EventsCirclesDeps,
  viewer: Viewer,
): Promise<{ circles: Circle[] }> {
  return { circles: await presentCircles(deps.db, viewer, await pendingCircles(deps.db)) };
}

/** A reviewer approves (listed from now on) or rejects with a reason the creator reads. */
export async function reviewCircle(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  body: ReviewBody,
): Promise<Circle> {
  const reason =
    body.decision === 'rejected'
      ? await cleanMemberText(deps, viewer.userId, 'review.reason', body.reason ?? '', {
          maxLength: REVIEW_REASON_MAX_LENGTH,
          html: false,
          required: false,
        })
      : null;
  if (body.decision === 'rejected' && !reason)
    throw invalidData('Invalid Data', 'Give the reason for rejecting the circle.', 'reason');
  const row = await deps.transaction(async (tx) => {
    const circle = await lockCircle(tx.trx, circleId);
    if (!circle) throw notFound(CIRCLE_NOT_FOUND);
    if (circle.approval_status === body.decision) return circle;
    const now = deps.clock.now();
    const updated = await updateCircle(tx.trx, circleId, {
      approval_status: body.decision,
      rejection_reason: reason,
      reviewed_by: viewer.userId,
      reviewed_at: now,
    });
    if (body.decision === 'approved') {
      await tx.publish(CircleApproved, {
        ...circleFacts(updated),
        reviewerId: viewer.userId,
        approvedAt: now.toISOString(),
      });
    } else {
      await tx.publish(CircleRejected, {
        circleId,
        name: updated.name,
        holderId: updated.holder_id,
        reviewerId: viewer.userId,
        reason: reason!,
      });
    }
    return updated;
  });
  return presentCircle(deps.db, viewer, row);
}

function membershipState(
  circleId: string,
  userId: string,
  standing: CircleMembershipState['standing'],
  memberCount: number,
) {
  return { circleId, userId, standing, memberCount };
}

/** Join an open circle, ask to join one by request, accept an invitation. */
export async function joinCircle(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
): Promise<CircleMembershipState> {
  return deps.transaction(async (tx) => {
    await requireContributor(deps, tx, viewer);
    const circle = await lockCircle(tx.trx, circleId);
    if (!circle || circle.approval_status !== 'approved' || circle.hidden_at)
      throw notFound(CIRCLE_NOT_FOUND);
    const current = await findCircleMember(tx.trx, circleId, viewer.userId);
    const standing = standingOf(current);
    if (standing === 'member' || standing === 'moderator' || standing === 'holder')
      return membershipState(circleId, viewer.userId, standing, circle.member_count);
    const outcome = joinOutcome(circle.join_policy, standing);
    if (outcome === 'refuse') throw permissionDenied('This circle is by invitation only.');
    if (outcome === 'already-requested')
      return membershipState(circleId, viewer.userId, 'requested', circle.member_count);
    if (outcome === 'request') {
      await upsertCircleMember(tx.trx, { circleId, userId: viewer.userId, status: 'requested' });
      const leaders = (await circleMembers(tx.trx, circleId, 'member')).filter((m) => leads(m.role));
      await tx.publish(CircleJoinRequested, {
        circleId,
        circleName: circle.name,
        userId: viewer.userId,
        leaderIds: leaders.map((l) => l.user_id),
      });
      return membershipState(circleId, viewer.userId, 'requested', circle.member_count);
    }
    return addMember(tx, circle, viewer.userId, current?.invited_by ?? null);
  });
}

async function addMember(tx: EventsCirclesTx, circle: CircleRow, userId: string, invitedBy: string | null) {
  await upsertCircleMember(tx.trx, {
    circleId: circle.id,
    userId,
    status: 'member',
    role: 'member',
    invitedBy,
  });
  const memberCount = await refreshMemberCount(tx.trx, circle.id);
  await tx.publish(CircleMemberJoined, {
    circleId: circle.id,
    circleName: circle.name,
    userId,
    role: 'member',
    memberCount,
  });
  return membershipState(circle.id, userId, 'member', memberCount);
}

/** Leave, withdraw a request or decline an invitation. The holder hands over first (unless alone). */
export async function leaveCircle(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
): Promise<CircleMembershipState> {
  return deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const circle = await lockCircle(tx.trx, circleId);
    if (!circle) throw notFound(CIRCLE_NOT_FOUND);
    const current = await findCircleMember(tx.trx, circleId, viewer.userId);
    if (!current) return membershipState(circleId, viewer.userId, 'none', circle.member_count);
    if (current.status === 'member' && current.role === 'holder')
      throw new DomainError('invalid_data', {
        title: 'Hand over first',
        message: 'Make another member holder before you leave the circle.',
      });
    await deleteCircleMember(tx.trx, circleId, viewer.userId);
    const memberCount = await refreshMemberCount(tx.trx, circleId);
    if (current.status === 'member')
      await tx.publish(CircleMemberLeft, { circleId, userId: viewer.userId, removedBy: null, memberCount });
    return membershipState(circleId, viewer.userId, 'none', memberCount);
  });
}

export async function listCircleMembers(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
): Promise<{ members: CircleMember[] }> {
  await visibleCircle(deps.db, viewer, circleId);
  const rows = await circleMembers(deps.db, circleId, 'member');
  const members = await findMembers(
    deps.db,
    rows.map((r) => r.user_id),
  );
  return {
    members: rows.map((r) => ({
      member: toMember(r.user_id, members),
      role: r.role,
      joinedAt: (r.joined_at ?? r.created_at).toISOString(),
    })),
  };
}

/**
 * The holder names moderators and members, or hands holding over (the old holder becomes moderator). Holders feed
 * the Community Mentors badge (role-changed events).
 */
export async function changeRole(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  userId: string,
  role: CircleRole,
): Promise<CircleMember> {
  const row = await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const circle = await lockCircle(tx.trx, circleId);
    if (!circle) throw notFound(CIRCLE_NOT_FOUND);
    if ((await roleIn(tx.trx, circleId, viewer.userId)) !== 'holder')
      throw permissionDenied('Only the holder can change roles.');
    const target = await findCircleMember(tx.trx, circleId, userId);
    if (!target || target.status !== 'member') throw notFound('That member is not in the circle.');
    if (target.role === role) return target;
    if (userId === viewer.userId) throw permissionDenied('Hand holding over to another member instead.');
    if (role === 'holder') {
      await setCircleRole(tx.trx, circleId, viewer.userId, 'moderator');
      await updateCircle(tx.trx, circleId, { holder_id: userId });
      await tx.publish(CircleRoleChanged, {
        circleId,
        userId: viewer.userId,
        role: 'moderator',
        previousRole: 'holder',
        changedBy: viewer.userId,
      });
    }
    const updated = await setCircleRole(tx.trx, circleId, userId, role);
    await tx.publish(CircleRoleChanged, {
      circleId,
      userId,
      role,
      previousRole: target.role,
      changedBy: viewer.userId,
    });
    return updated;
  });
  const members = await findMembers(deps.db, [userId]);
  return {
    member: toMember(userId, members),
    role: row.role,
    joinedAt: (row.joined_at ?? row.created_at).toISOString(),
  };
}

/** A holder or moderator removes a member (never a holder; moderators only plain members). */
export async function removeMember(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  userId: string,
): Promise<void> {
  await deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const circle = await lockCircle(tx.trx, circleId);
    if (!circle) throw notFound(CIRCLE_NOT_FOUND);
    const myRole = await roleIn(tx.trx, circleId, viewer.userId);
    if (!leads(myRole)) throw permissionDenied(LEADERS_ONLY);
    const target = await findCircleMember(tx.trx, circleId, userId);
    if (!target) throw notFound('That member is not in the circle.');
    if (target.role === 'holder' || (myRole === 'moderator' && target.role === 'moderator'))
      throw permissionDenied('You cannot remove this member.');
    await deleteCircleMember(tx.trx, circleId, userId);
    const memberCount = await refreshMemberCount(tx.trx, circleId);
    if (target.status === 'member')
      await tx.publish(CircleMemberLeft, { circleId, userId, removedBy: viewer.userId, memberCount });
  });
}

export async function joinRequests(deps: EventsCirclesDeps, viewer: Viewer, circleId: string) {
  await requireLeader(deps.db, viewer, circleId);
  const rows = await circleMembers(deps.db, circleId, 'requested');
  const members = await findMembers(
    deps.db,
    rows.map((r) => r.user_id),
  );
  return {
    requests: rows.map((r) => ({
      member: toMember(r.user_id, members),
      requestedAt: r.created_at.toISOString(),
    })),
  };
}

export async function answerJoinRequest(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  userId: string,
  accept: boolean,
): Promise<CircleMembershipState> {
  return deps.transaction(async (tx) => {
    await lockLiveMember(tx, viewer.userId);
    const circle = await lockCircle(tx.trx, circleId);
    if (!circle || circle.approval_status !== 'approved') throw notFound(CIRCLE_NOT_FOUND);
    if (!leads(await roleIn(tx.trx, circleId, viewer.userId))) throw permissionDenied(LEADERS_ONLY);
    const request = await findCircleMember(tx.trx, circleId, userId);
    if (!request || request.status !== 'requested') throw notFound('There is no request from this member.');
    if (!accept) {
      await deleteCircleMember(tx.trx, circleId, userId);
      return membershipState(circleId, userId, 'none', circle.member_count);
    }
    return addMember(tx, circle, userId, null);
  });
}

/** Members invite to open circles; holders and moderators to any. The invited member accepts by joining. */
export async function inviteToCircle(
  deps: EventsCirclesDeps,
  viewer: Viewer,
  circleId: string,
  userId: string,
): Promise<CircleMembershipState> {
  return deps.transaction(async (tx) => {
    await requireContributor(deps, tx, viewer);
    const circle = await lockCircle(tx.trx, circleId);
    if (!circle || circle.approval_status !== 'approved') throw notFound(CIRCLE_NOT_FOUND);
    const myRole = await roleIn(tx.trx, circleId, viewer.userId);
    if (!myRole) throw permissionDenied('Join the circle to take part.');
    if (circle.join_policy !== 'open' && !leads(myRole)) throw permissionDenied(LEADERS_ONLY);
    if (userId === viewer.userId)
      throw invalidData('Invalid Data', 'You are already in the circle.', 'userId');
    if (await tx.members.isErased(userId)) throw notFound('Member not found.');
    if (!(await findMember(tx.trx, userId))) throw notFound('Member not found.');
    const current = await findCircleMember(tx.trx, circleId, userId);
    const standing = standingOf(current);
    if (standing !== 'none' && standing !== 'requested')
      return membershipState(circleId, userId, standing, circle.member_count);
    if (standing === 'requested') return addMember(tx, circle, userId, viewer.userId);
    await upsertCircleMember(tx.trx, { circleId, userId, status: 'invited', invitedBy: viewer.userId });
    await tx.publish(CircleMemberInvited, {
      circleId,
      circleName: circle.name,
      invitedUserId: userId,
      invitedBy: viewer.userId,
    });
    return membershipState(circleId, userId, 'invited', circle.member_count);
  });
}

export async function myInvitations(
  deps: EventsCirclesDeps,
  viewer: Viewer,
): Promise<{ invitations: CircleInvitation[] }> {
  const rows = await invitationsOf(deps.db, viewer.userId);
  const circles = await findCircles(
    deps.db,
    rows.map((r) => r.circle_id),
  );
  const listed = rows.filter((r) => circles.get(r.circle_id)?.approval_status === 'approved');
  const [presented, members] = await Promise.all([
    presentCircles(
      deps.db,
      viewer,
      listed.map((r) => circles.get(r.circle_id)!),
    ),
    findMembers(
      deps.db,
      listed.flatMap((r) => (r.invited_by ? [r.invited_by] : [])),
    ),
  ]);
  return {
    invitations: listed.map((r, i) => ({
      circle: presented[i]!,
      invitedBy: toMember(r.invited_by ?? r.user_id, members),
      invitedAt: r.created_at.toISOString(),
    })),
  };
}
