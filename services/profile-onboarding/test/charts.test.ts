import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UserDeleted,
  UserRegistered,
  type ChartCalculation,
  type MemberChart,
  type SharedMemberChart,
} from '@mer/contracts';
import { calculateChart } from '@mer/chart-engine';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import { createTokenIssuer, identityEvent, startProfileService, type ProfileService } from './harness.ts';

let infra: TestInfra;
let service: ProfileService;
let tokens: Awaited<ReturnType<typeof createTokenIssuer>>;

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTokenIssuer();
  // No stats cache: the privacy test reads the community stats right after storing a chart.
  service = await startProfileService(infra, {
    verifier: tokens.verifier,
    env: { COMMUNITY_STATS_CACHE_SECONDS: '0' },
  });
});

afterAll(async () => {
  await service?.stop();
  await infra?.close();
});

const BASE = '/api/v1/profile-onboarding';
// Barack Obama's published birth data (Certificate of Live Birth, Honolulu, 1961-08-04 19:24).
const HONOLULU = {
  birthDate: '1961-08-04',
  birthTime: '19:24',
  latitude: 21.3069,
  longitude: -157.8583,
  birthLocation: 'Honolulu, Hawaii, United States',
};

async function call(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${service.url}${BASE}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function member(): Promise<{ userId: string; token: string }> {
  const userId = randomUUID();
  const short = userId.slice(0, 8);
  await infra.bus.publish(
    identityEvent(UserRegistered, {
      userId,
      name: 'Star Gazer',
      username: `member_${short}`,
      email: `member-${short}@example.com`,
      discountPercent: null,
      emailConfirmationUrl: `https://mer.test/confirm-email?token=t-${userId}`,
      registeredAt: new Date().toISOString(),
    }),
  );
  await eventually(() =>
    service.context.db
      .selectFrom('profiles')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
  return { userId, token: await tokens.token({ sub: userId }) };
}

describe('charts API', () => {
  it('calculates signs and Human Design exactly as the engine does, without storing', async () => {
    const { token, userId } = await member();
    const { status, body } = await call('POST', '/charts/calculate', token, HONOLULU);
    expect(status).toBe(200);
    const engine = calculateChart(HONOLULU);
    const result = body as ChartCalculation;
    expect(result.sunSign).toBe(engine.astrology.sunSign);
    expect(result.moonSign).toBe(engine.astrology.moonSign);
    expect(result.risingSign).toBe(engine.astrology.risingSign);
    expect(result.humanDesign?.type).toBe('Projector');
    expect(result.humanDesign?.profile).toBe(engine.humanDesign!.profile);
    expect(result.humanDesign?.bodygraph.centres).toHaveLength(9);
    expect(await call('GET', '/charts/me', token)).toEqual({ status: 200, body: null });
    expect(userId).toBeTruthy();
  });

  it("answers 'Location Error' without coordinates, and Invalid Data for a future date; needs a token", async () => {
    const { token } = await member();
    const noPlace = await call('POST', '/charts/calculate', token, {
      birthDate: '1990-01-01',
      birthTime: '10:00',
      cityId: 'nowhere',
    });
    expect(noPlace.status).toBe(400);
    expect(noPlace.body.error.title).toBe('Location Error');
    const future = await call('POST', '/charts/calculate', token, { ...HONOLULU, birthDate: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.error.code).toBe('invalid_data');
    expect((await call('POST', '/charts/calculate', undefined, HONOLULU)).status).toBe(401);
  });

  it('keeps the signs when Human Design cannot be calculated (no birth time)', async () => {
    const { token } = await member();
    const { status, body } = await call('POST', '/charts/calculate', token, { ...HONOLULU, birthTime: null });
    expect(status).toBe(200);
    expect(body.sunSign).toBe('Leo');
    expect(body.risingSign).toBeNull();
    expect(body.humanDesign).toBeNull();
  });

  it('stores, reads, compares and deletes charts; the profile columns follow', async () => {
    const a = await member();
    const b = await member();
    const stored = await call('PUT', '/charts/me', a.token, HONOLULU);
    expect(stored.status).toBe(200);
    const chart = stored.body as MemberChart;
    expect(chart).toMatchObject({
      birthDate: '1961-08-04',
      birthTime: '19:24',
      sunSign: 'Leo',
      birthLocation: HONOLULU.birthLocation,
    });
    expect(chart.humanDesign?.type).toBe('Projector');
    expect((await call('GET', '/charts/me', a.token)).body).toEqual(chart);
    const profile = await service.context.db
      .selectFrom('profiles')
      .select(['sun_sign', 'human_design_type', 'human_design_profile', 'birth_date'])
      .where('user_id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      sun_sign: 'Leo',
      human_design_type: 'Projector',
      human_design_profile: chart.humanDesign!.profile,
    });
    expect(profile.birth_date).not.toBeNull();

    // Compatibility needs both charts.
    expect((await call('GET', `/compatibility/${b.userId}`, a.token)).status).toBe(404);
    await call('PUT', '/charts/me', b.token, {
      birthDate: '1990-04-12',
      birthTime: '08:30',
      latitude: -33.8688,
      longitude: 151.2093,
    });
    const match = await call('GET', `/compatibility/${b.userId}`, a.token);
    expect(match.status).toBe(200);
    expect(match.body.score).toBeGreaterThanOrEqual(0);
    expect(match.body.reasons.map((r: { kind: string }) => r.kind)).toEqual(
      expect.arrayContaining(['sun', 'moon', 'rising']),
    );

    expect((await call('DELETE', '/charts/me', a.token)).status).toBe(204);
    expect(await call('GET', '/charts/me', a.token)).toEqual({ status: 200, body: null });
    // "Remove my birth data": nothing of it stays on the profile either.
    const cleared = await service.context.db
      .selectFrom('profiles')
      .select(['sun_sign', 'human_design_type', 'human_design_profile', 'birth_date', 'birth_location'])
      .where('user_id', '=', a.userId)
      .executeTakeFirstOrThrow();
    expect(cleared).toEqual({
      sun_sign: null,
      human_design_type: null,
      human_design_profile: null,
      birth_date: null,
      birth_location: null,
    });
    expect((await call('GET', '/profiles/me', a.token)).body.cosmic).toBeNull();
  });

  it('an account deletion erases the birth data with the profile', async () => {
    const a = await member();
    await call('PUT', '/charts/me', a.token, HONOLULU);
    await infra.bus.publish(identityEvent(UserDeleted, { userId: a.userId }));
    await eventually(async () =>
      (await service.context.db
        .selectFrom('astrology_profiles')
        .select('user_id')
        .where('user_id', '=', a.userId)
        .executeTakeFirst())
        ? undefined
        : true,
    );
  });
});

describe("another member's chart (the bodygraph on their profile)", () => {
  const share = (token: string, on: boolean) =>
    call('PATCH', '/profiles/me', token, { privacySettings: { share_birth_data: on } });

  it('is null until the owner shares their birth data, then signs and Human Design without the birth data', async () => {
    const owner = await member();
    const viewer = await member();
    expect((await call('PUT', '/charts/me', owner.token, HONOLULU)).status).toBe(200);

    // Private by default: the same empty answer as for a member without a chart; an unknown member is 404.
    const hidden = await call('GET', `/profiles/${owner.userId}/chart`, viewer.token);
    expect(hidden).toEqual({ status: 200, body: null });
    expect(await call('GET', `/profiles/${viewer.userId}/chart`, owner.token)).toEqual({
      status: 200,
      body: null,
    });
    const unknown = await call('GET', `/profiles/${randomUUID()}/chart`, viewer.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('item_not_found');
    expect((await call('GET', `/profiles/${owner.userId}/chart`)).status).toBe(401);

    expect((await share(owner.token, true)).status).toBe(200);
    const shown = await call('GET', `/profiles/${owner.userId}/chart`, viewer.token);
    expect(shown.status).toBe(200);
    const chart = shown.body as SharedMemberChart;
    expect(Object.keys(chart).sort()).toEqual(['humanDesign', 'moonSign', 'risingSign', 'sunSign']);
    expect(chart.sunSign).toBe('Leo');
    expect(chart.humanDesign?.type).toBe('Projector');
    expect(chart.humanDesign?.bodygraph.channels.map((c) => c.gates)).toEqual([[30, 41]]);
    expect(chart.humanDesign?.bodygraph.gates.find((g) => g.gate === 30)?.personality.length).toBeGreaterThan(
      0,
    );
    const text = JSON.stringify(chart);
    for (const birthData of ['1961-08-04', '19:24', 'Honolulu', '21.3069', '-157.8583'])
      expect(text).not.toContain(birthData);

    // Turning sharing off hides it again at once.
    expect((await share(owner.token, false)).status).toBe(200);
    expect(await call('GET', `/profiles/${owner.userId}/chart`, viewer.token)).toEqual({
      status: 200,
      body: null,
    });
  });

  it('the public community stats never carry birth data or chart results, shared or not', async () => {
    const owner = await member();
    await call('PUT', '/charts/me', owner.token, HONOLULU);
    await share(owner.token, true);
    const stats = await call('GET', '/community-stats');
    expect(stats.status).toBe(200);
    expect(stats.body.recentMembers.map((m: { id: string }) => m.id)).toContain(owner.userId);
    const text = JSON.stringify(stats.body);
    for (const birthData of [
      '1961-08-04',
      '19:24',
      'Honolulu',
      '21.3069',
      'Leo',
      'Projector',
      'birth',
      'Sign',
    ])
      expect(text).not.toContain(birthData);
    for (const m of stats.body.recentMembers)
      expect(Object.keys(m).sort()).toEqual(['avatarUrl', 'id', 'name']);
  });
});
