import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  EmailConfirmed,
  UserDeleted,
  UserRegistered,
  type CommunityStats,
  type ErrorBody,
  type EventEnvelope,
  type MyProfile,
} from '@mer/contracts';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import {
  createTokenIssuer,
  deliveringTwice,
  identityEvent,
  startProfileService,
  type ProfileService,
} from './harness.ts';

let infra: TestInfra;
let service: ProfileService;
let tokens: Awaited<ReturnType<typeof createTokenIssuer>>;

beforeAll(async () => {
  infra = await createTestInfra();
  console.log(`profile-onboarding profiles on ${infra.describe}`);
  tokens = await createTokenIssuer();
  service = await startProfileService(infra, {
    verifier: tokens.verifier,
    // Every event reaches the handlers twice, as after a lost ack: each test also proves idempotency.
    bus: deliveringTwice(infra.bus),
    // Count on every request here; the 60 s cache is unit-tested in src/use-cases/community-stats.test.ts.
    env: { COMMUNITY_STATS_CACHE_SECONDS: '0' },
  });
});

afterAll(async () => {
  await service?.stop();
  await infra?.close();
});

interface Member {
  userId: string;
  name: string;
  username: string;
  email: string;
}

function newMember(name = 'Ana Lua'): Member {
  const userId = randomUUID();
  const short = userId.slice(0, 8);
  return { userId, name, username: `member_${short}`, email: `member-${short}@example.com` };
}

function registered(member: Member, registeredAt = new Date()) {
  return identityEvent(UserRegistered, {
    ...member,
    discountPercent: null,
    emailConfirmationUrl: `https://mer.test/confirm-email?token=t-${member.userId}`,
    registeredAt: registeredAt.toISOString(),
  });
}

const profileRows = (userId: string) =>
  service.context.db.selectFrom('profiles').selectAll().where('user_id', '=', userId).execute();

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

async function register(member: Member, registeredAt?: Date): Promise<void> {
  const event = registered(member, registeredAt);
  await infra.bus.publish(event);
  await handled('create-member-profile', event);
}

async function get(path: string, token?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${service.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: await response.json() };
}

const ME = '/api/v1/profile-onboarding/profiles/me';
const STATS = '/api/v1/profile-onboarding/community-stats';

describe('profiles follow identity events', () => {
  it('creates the profile of a registered member with the spec defaults, onboarding pending', async () => {
    const member = newMember();
    await register(member);
    const rows = await profileRows(member.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: member.userId,
      name: member.name,
      username: member.username,
      email: member.email,
      bio: null,
      image_url: null,
      location: null,
      languages_spoken: [],
      interests: [],
      onboarding_completed: false,
      role: null,
      is_facilitator: false,
      // The migration's column default is the contracts' default.
      notification_preferences: DEFAULT_NOTIFICATION_PREFERENCES,
      privacy_settings: { location_sharing: true, analytics: true, receive_emails: true },
    });
  });

  it('keeps one row when the sign-up is delivered again, even as a new event', async () => {
    const member = newMember();
    const first = registered(member);
    await infra.bus.publish(first);
    await handled('create-member-profile', first);
    // Same account, another event id (a replay): on conflict nothing changes.
    const again = registered({ ...member, name: 'Someone Else' });
    await infra.bus.publish(again);
    await handled('create-member-profile', again);
    const rows = await profileRows(member.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe(member.name);
  });

  it('records a confirmed e-mail as the profile e-mail', async () => {
    const member = newMember();
    await register(member);
    const confirmed = identityEvent(EmailConfirmed, {
      userId: member.userId,
      email: 'new-address@example.com',
    });
    await infra.bus.publish(confirmed);
    await handled('update-member-email', confirmed);
    const [row] = await profileRows(member.userId);
    expect(row!.email).toBe('new-address@example.com');
    expect(row!.updated_at.getTime()).toBeGreaterThanOrEqual(row!.created_at.getTime());
  });

  it('deletes the profile of a deleted account', async () => {
    const member = newMember();
    await register(member);
    const deleted = identityEvent(UserDeleted, { userId: member.userId });
    await infra.bus.publish(deleted);
    await handled('delete-member-profile', deleted);
    expect(await profileRows(member.userId)).toHaveLength(0);
    const token = await tokens.token({ sub: member.userId });
    expect((await get(ME, token)).status).toBe(404);
  });

  it('does not bring a deleted member back when the sign-up is handled after the deletion', async () => {
    const member = newMember();
    const deleted = identityEvent(UserDeleted, { userId: member.userId });
    await infra.bus.publish(deleted);
    await handled('delete-member-profile', deleted);
    await register(member);
    expect(await profileRows(member.userId)).toHaveLength(0);
  });
});

describe('GET /api/v1/profile-onboarding/profiles/me', () => {
  it("answers the caller's own profile", async () => {
    const member = newMember('Bea Sol');
    await register(member);
    const { status, body } = await get(ME, await tokens.token({ sub: member.userId }));
    expect(status).toBe(200);
    const profile = body as MyProfile;
    expect(profile).toMatchObject({
      userId: member.userId,
      name: 'Bea Sol',
      username: member.username,
      email: member.email,
      bio: null,
      imageUrl: null,
      location: null,
      languagesSpoken: [],
      interests: [],
      onboardingCompleted: false,
      role: null,
      isFacilitator: false,
      privacySettings: { location_sharing: true, analytics: true, receive_emails: true },
    });
    expect(Object.values(profile.notificationPreferences)).toHaveLength(12);
    expect(Object.values(profile.notificationPreferences).every((v) => v === true)).toBe(true);
    expect(Date.parse(profile.createdAt)).not.toBeNaN();
  });

  it('answers only the token subject, whoever else exists', async () => {
    const [a, b] = [newMember('Caio'), newMember('Dora')];
    await register(a);
    await register(b);
    expect((await get(ME, await tokens.token({ sub: a.userId }))).body.userId).toBe(a.userId);
    expect((await get(ME, await tokens.token({ sub: b.userId }))).body.userId).toBe(b.userId);
  });

  it('is 404 Item Not Found while the member has no profile yet', async () => {
    const { status, body } = await get(ME, await tokens.token({ sub: randomUUID() }));
    expect(status).toBe(404);
    expect((body as ErrorBody).error).toMatchObject({ code: 'item_not_found', title: 'Item Not Found' });
  });

  it('is 401 without a token or with one MER did not sign', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const { status, body } = await get(ME, token);
      expect(status).toBe(401);
      expect((body as ErrorBody).error.code).toBe('authentication_error');
    }
    const stranger = await createTokenIssuer();
    expect((await get(ME, await stranger.token({ sub: randomUUID() }))).status).toBe(401);
  });
});

describe('GET /api/v1/profile-onboarding/community-stats', () => {
  it('counts members and shows the 4 newest, public fields only, Anonymous without a name', async () => {
    // Registered "later" than every other member of this file, oldest first.
    const base = Date.now() + 24 * 3600_000;
    const newest = [
      newMember('Eva Mar'),
      newMember('   '),
      newMember('Flor'),
      newMember('Gil'),
      newMember('Hana'),
    ];
    for (const [i, member] of newest.entries()) await register(member, new Date(base + i * 60_000));

    const response = await fetch(`${service.url}${STATS}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const stats = JSON.parse(text) as CommunityStats;

    const { count } = await service.context.db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(stats.totalMembers).toBe(Number(count));
    expect(stats.totalMembers).toBeGreaterThanOrEqual(5);
    expect(stats.totalCommunities).toBe(0);
    expect(stats.recentMembers).toEqual([
      { id: newest[4]!.userId, name: 'Hana', avatarUrl: null },
      { id: newest[3]!.userId, name: 'Gil', avatarUrl: null },
      { id: newest[2]!.userId, name: 'Flor', avatarUrl: null },
      { id: newest[1]!.userId, name: 'Anonymous', avatarUrl: null },
    ]);
    // Never e-mails, usernames or anything else private.
    for (const member of newest) {
      expect(text).not.toContain(member.email);
      expect(text).not.toContain(member.username);
    }
    expect(stats.recentMembers.every((m) => Object.keys(m).sort().join() === 'avatarUrl,id,name')).toBe(true);
  });

  it('is public: a token is not needed, and a bad one does not matter', async () => {
    expect((await get(STATS)).status).toBe(200);
    expect((await get(STATS, 'not-a-token')).status).toBe(200);
  });

  it('drops a deleted member from the count and the list', async () => {
    const before = (await get(STATS)).body as CommunityStats;
    const member = newMember('Ivo');
    await register(member, new Date(Date.now() + 48 * 3600_000));
    const during = (await get(STATS)).body as CommunityStats;
    expect(during.totalMembers).toBe(before.totalMembers + 1);
    expect(during.recentMembers[0]!.id).toBe(member.userId);

    const deleted = identityEvent(UserDeleted, { userId: member.userId });
    await infra.bus.publish(deleted);
    await handled('delete-member-profile', deleted);
    const after = (await get(STATS)).body as CommunityStats;
    expect(after.totalMembers).toBe(before.totalMembers);
    expect(after.recentMembers.map((m) => m.id)).not.toContain(member.userId);
  });
});

describe('health', () => {
  it('serves health and readiness', async () => {
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
  });
});
