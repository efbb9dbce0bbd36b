import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MembershipActivated,
  MembershipCancelled,
  MembershipExpired,
  MembershipPlanChanged,
  MembershipRenewed,
  UserDeleted,
  UserRegistered,
  UserRolesChanged,
  type EventEnvelope,
  type EventPayload,
} from '@mer/contracts';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import {
  busEvent,
  createTokenIssuer,
  deliveringTwice,
  startProfileService,
  type ProfileService,
} from './harness.ts';

/*
 * Badges from the owners' events on the real bus: InnerCircle Member from billing's membership events,
 * Community Mentors from identity's roles event. Asserted where members see them: GET profiles/me and
 * GET profiles/:userId.
 */

let infra: TestInfra;
let service: ProfileService;
let tokens: Awaited<ReturnType<typeof createTokenIssuer>>;
let viewerToken: string;

beforeAll(async () => {
  infra = await createTestInfra();
  console.log(`profile-onboarding badges on ${infra.describe}`);
  tokens = await createTokenIssuer();
  service = await startProfileService(infra, {
    verifier: tokens.verifier,
    // Every event reaches the handlers twice, as after a lost ack: each test also proves idempotency.
    bus: deliveringTwice(infra.bus),
  });
  viewerToken = (await register()).token;
}, 60_000);

afterAll(async () => {
  await service?.stop();
  await infra?.close();
});

const API = '/api/v1/profile-onboarding';

interface Member {
  userId: string;
  token: string;
}

/** Waits until the consumer named has recorded the event as handled. */
function handled(consumer: string, event: EventEnvelope) {
  return eventually(() =>
    service.context.database.db
      .selectFrom('processed_events')
      .select('event_id')
      .where('consumer', '=', `profile-onboarding-${consumer}`)
      .where('event_id', '=', event.id)
      .executeTakeFirst(),
  );
}

async function register(): Promise<Member> {
  const userId = randomUUID();
  const short = userId.slice(0, 8);
  const event = busEvent(UserRegistered, {
    userId,
    name: 'Ana Lua',
    username: `member_${short}`,
    email: `member-${short}@example.com`,
    discountPercent: null,
    emailConfirmationUrl: `https://mer.test/confirm-email#token=t-${userId}`,
    registeredAt: new Date().toISOString(),
  });
  await infra.bus.publish(event);
  await handled('create-member-profile', event);
  // The token says admin on purpose: badges must not follow what a token claims.
  return { userId, token: await tokens.token({ sub: userId, roles: ['admin', 'member'] }) };
}

type MembershipEventDef =
  | typeof MembershipActivated
  | typeof MembershipRenewed
  | typeof MembershipCancelled
  | typeof MembershipExpired
  | typeof MembershipPlanChanged;
const consumerOf = new Map<string, string>([
  [MembershipActivated.subject, 'membership-activated'],
  [MembershipRenewed.subject, 'membership-renewed'],
  [MembershipCancelled.subject, 'membership-cancelled'],
  [MembershipExpired.subject, 'membership-expired'],
  [MembershipPlanChanged.subject, 'membership-plan-changed'],
]);

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();

/** A membership of billing's, as its events describe it. */
function membershipOf(userId: string, innerCircle = true) {
  const facts: EventPayload<typeof MembershipActivated> = {
    userId,
    membershipId: randomUUID(),
    planId: randomUUID(),
    planName: innerCircle ? 'InnerCircle Membership' : 'Community Membership',
    status: 'active',
    expiresAt: inDays(30),
    innerCircle,
    cancelAtPeriodEnd: false,
  };
  return facts;
}

/** Builds billing's event (occurredAt as given), publishes it on the real bus and waits until handled. */
async function publish(
  def: MembershipEventDef,
  payload: EventPayload<typeof MembershipActivated>,
  occurredAt = new Date(),
): Promise<EventEnvelope> {
  const event = busEvent(def, payload, { occurredAt: occurredAt.toISOString() });
  await infra.bus.publish(event);
  await handled(consumerOf.get(def.subject)!, event);
  return event;
}

async function badgesSeen(member: Member): Promise<{ own: string[]; public: string[] }> {
  const get = async (path: string, token: string) => {
    const response = await fetch(`${service.url}${API}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { badges: { type: string }[] }).badges.map((b) => b.type);
  };
  return {
    own: await get('/profiles/me', member.token),
    public: await get(`/profiles/${member.userId}`, viewerToken),
  };
}

const withInnerCircle = {
  own: ['innercircle_member', 'new_member'],
  public: ['innercircle_member', 'new_member'],
};
const without = { own: ['new_member'], public: ['new_member'] };
const seconds = (n: number) => new Date(Date.now() + n * 1000);

describe('InnerCircle Member from billing.membership.*.v1', () => {
  it('shows while active and unexpired, also when cancelling at period end; goes when cancelled and ended', async () => {
    const member = await register();
    expect(await badgesSeen(member)).toEqual(without);
    const m = membershipOf(member.userId);
    await publish(MembershipActivated, m, seconds(-30));
    expect(await badgesSeen(member)).toEqual(withInnerCircle);

    const renewed = { ...m, expiresAt: inDays(60) };
    await publish(MembershipRenewed, renewed, seconds(-20));
    await publish(MembershipCancelled, { ...renewed, cancelAtPeriodEnd: true }, seconds(-10));
    expect(await badgesSeen(member)).toEqual(withInnerCircle);

    // Subscription deleted: billing ends it now.
    const endedAt = new Date().toISOString();
    await publish(MembershipCancelled, { ...renewed, status: 'cancelled', expiresAt: endedAt }, seconds(0));
    expect(await badgesSeen(member)).toEqual(without);
  });

  it('follows plan changes: comes with an upgrade to InnerCircle, goes with a downgrade, whatever the order', async () => {
    const member = await register();
    const m = membershipOf(member.userId, false);
    await publish(MembershipActivated, m, seconds(-30));
    expect(await badgesSeen(member)).toEqual(without);
    const innerPlanId = randomUUID();
    const upgraded = {
      ...m,
      planId: innerPlanId,
      planName: 'InnerCircle Membership',
      innerCircle: true,
      previousPlanId: m.planId,
      previousPlanName: m.planName,
      previousInnerCircle: false,
    };
    await publish(MembershipPlanChanged, upgraded, seconds(-20));
    expect(await badgesSeen(member)).toEqual(withInnerCircle);
    const downgraded = {
      ...m,
      previousPlanId: innerPlanId,
      previousPlanName: 'InnerCircle Membership',
      previousInnerCircle: true,
    };
    await publish(MembershipPlanChanged, downgraded, seconds(-10));
    expect(await badgesSeen(member)).toEqual(without);
    // The upgrade's announcement again, late (a redelivery under a new id): older, so it changes nothing.
    await publish(MembershipPlanChanged, upgraded, seconds(-20));
    expect(await badgesSeen(member)).toEqual(without);
  });

  it('goes when billing announces the expiry, and comes back when a late payment revives it', async () => {
    const member = await register();
    const m = membershipOf(member.userId);
    await publish(MembershipActivated, m, seconds(-30));
    await publish(MembershipExpired, { ...m, status: 'expired' }, seconds(-20));
    expect(await badgesSeen(member)).toEqual(without);
    await publish(MembershipActivated, { ...m, expiresAt: inDays(90) }, seconds(-10));
    expect(await badgesSeen(member)).toEqual(withInnerCircle);
  });

  it('goes the moment expiresAt passes, with no event', async () => {
    const member = await register();
    const expiresAt = seconds(1.5);
    await publish(MembershipActivated, {
      ...membershipOf(member.userId),
      expiresAt: expiresAt.toISOString(),
    });
    expect(await badgesSeen(member)).toEqual(withInnerCircle);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
    expect(await badgesSeen(member)).toEqual(without);
  });

  it('is not shown for another plan, nor for a membership without an InnerCircle flag', async () => {
    const member = await register();
    await publish(MembershipActivated, membershipOf(member.userId, false));
    expect(await badgesSeen(member)).toEqual(without);
  });

  it('handles out-of-order delivery from the facts: an ended or older state never comes back', async () => {
    // Ended first, then the activation and a renewal that happened before it, handled late.
    const a = await register();
    const ma = membershipOf(a.userId);
    await publish(MembershipCancelled, { ...ma, status: 'cancelled', expiresAt: inDays(0) }, seconds(-1));
    await publish(MembershipRenewed, { ...ma, expiresAt: inDays(60) }, seconds(-5));
    await publish(MembershipActivated, ma, seconds(-9));
    expect(await badgesSeen(a)).toEqual(without);

    // Revived by a late payment, then the older expiry handled late: still a member.
    const b = await register();
    const mb = membershipOf(b.userId);
    await publish(MembershipActivated, { ...mb, expiresAt: inDays(30) }, seconds(-1));
    await publish(MembershipExpired, { ...mb, status: 'expired', expiresAt: inDays(-1) }, seconds(-5));
    expect(await badgesSeen(b)).toEqual(withInnerCircle);

    // A renewal handled before its activation: the later expiry is kept.
    const c = await register();
    const mc = membershipOf(c.userId);
    const renewedUntil = inDays(60);
    await publish(MembershipRenewed, { ...mc, expiresAt: renewedUntil }, seconds(-1));
    await publish(MembershipActivated, mc, seconds(-5));
    const row = await service.context.db
      .selectFrom('member_memberships')
      .select('expires_at')
      .where('membership_id', '=', mc.membershipId)
      .executeTakeFirstOrThrow();
    expect(row.expires_at?.toISOString()).toBe(renewedUntil);
    expect(await badgesSeen(c)).toEqual(withInnerCircle);

    // The ended membership of an earlier subscription does not hide a newer one.
    await publish(MembershipCancelled, {
      ...ma,
      userId: c.userId,
      membershipId: randomUUID(),
      status: 'cancelled',
      expiresAt: inDays(0),
    });
    expect(await badgesSeen(c)).toEqual(withInnerCircle);
  });

  it("keeps no copy of a deleted member's membership, even from billing's cancellation that follows", async () => {
    const member = await register();
    const m = membershipOf(member.userId);
    await publish(MembershipActivated, m);
    const deleted = busEvent(UserDeleted, { userId: member.userId });
    await infra.bus.publish(deleted);
    await handled('delete-member-profile', deleted);
    // billing's forget-member ends the membership after the deletion and announces it.
    await publish(MembershipCancelled, { ...m, status: 'cancelled', expiresAt: new Date().toISOString() });
    const rows = await service.context.db
      .selectFrom('member_memberships')
      .select('membership_id')
      .where('user_id', '=', member.userId)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('Community Mentors from identity.user.roles-changed.v1', () => {
  async function rolesChanged(userId: string, isAdmin: boolean, occurredAt: Date) {
    const event = busEvent(
      UserRolesChanged,
      { userId, roles: isAdmin ? ['admin', 'member'] : ['member'], isAdmin },
      { occurredAt: occurredAt.toISOString() },
    );
    await infra.bus.publish(event);
    await handled('member-roles-changed', event);
  }
  const mentor = {
    own: ['energy_healer', 'new_member'],
    public: ['energy_healer', 'new_member'],
  };

  it("follows identity's admin record, not the member's token; a late older event changes nothing", async () => {
    const member = await register(); // its token claims admin: no badge from that
    expect(await badgesSeen(member)).toEqual(without);
    await rolesChanged(member.userId, true, seconds(-10));
    expect(await badgesSeen(member)).toEqual(mentor);
    await rolesChanged(member.userId, false, seconds(-5));
    expect(await badgesSeen(member)).toEqual(without);
    await rolesChanged(member.userId, true, seconds(-8));
    expect(await badgesSeen(member)).toEqual(without);
  });

  it('applies a roles event handled before the sign-up (the first admin), and orders badges by priority', async () => {
    const userId = randomUUID();
    await rolesChanged(userId, true, seconds(0));
    const registeredEvent = busEvent(UserRegistered, {
      userId,
      name: 'MER Admin',
      username: `admin_${userId.slice(0, 8)}`,
      email: `admin-${userId.slice(0, 8)}@example.com`,
      discountPercent: null,
      emailConfirmationUrl: `https://mer.test/confirm-email#token=t-${userId}`,
      registeredAt: new Date().toISOString(),
    });
    await infra.bus.publish(registeredEvent);
    await handled('create-member-profile', registeredEvent);
    const admin = { userId, token: await tokens.token({ sub: userId }) };
    await publish(MembershipActivated, membershipOf(userId));
    expect(await badgesSeen(admin)).toEqual({
      own: ['innercircle_member', 'energy_healer', 'new_member'],
      public: ['innercircle_member', 'energy_healer', 'new_member'],
    });
  });

  it('keeps no roles of a deleted member', async () => {
    const member = await register();
    const deleted = busEvent(UserDeleted, { userId: member.userId });
    await infra.bus.publish(deleted);
    await handled('delete-member-profile', deleted);
    await rolesChanged(member.userId, true, seconds(0));
    const rows = await service.context.db
      .selectFrom('member_roles')
      .select('user_id')
      .where('user_id', '=', member.userId)
      .execute();
    expect(rows).toEqual([]);
  });
});
