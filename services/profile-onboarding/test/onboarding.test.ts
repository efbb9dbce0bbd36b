import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UserDeleted,
  UserRegistered,
  eventsBySubject,
  type City,
  type EventEnvelope,
  type MyProfile,
} from '@mer/contracts';
import { assertValidEvent, sql, type Subscription } from '@mer/service-runtime';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import { calculateChart } from '@mer/chart-engine';
import { saveMemberRoles, saveMembership } from '../src/db/badges.repository.ts';
import { createTokenIssuer, identityEvent, startProfileService, type ProfileService } from './harness.ts';

/*
 * The wizard's data and rules against real PostgreSQL and the bus: reference data, interest
 * suggestions, drafts, completion, edits, public profiles, badges and account deletion.
 */

let infra: TestInfra;
let service: ProfileService;
let tokens: Awaited<ReturnType<typeof createTokenIssuer>>;
const published: EventEnvelope<any>[] = [];
const contractViolations: string[] = [];
let subscription: Subscription | undefined;

const API = '/api/v1/profile-onboarding';
const LISBON = '2267057';

beforeAll(async () => {
  infra = await createTestInfra();
  console.log(`profile-onboarding onboarding on ${infra.describe}`);
  tokens = await createTokenIssuer();
  service = await startProfileService(infra, { verifier: tokens.verifier });
  subscription = await infra.bus.subscribe({
    durable: `profile-onboarding-test-${randomBytes(4).toString('hex')}`,
    subject: 'profile-onboarding.>',
    handler: async (event) => {
      try {
        assertValidEvent(eventsBySubject.get(event.subject)!, event);
      } catch (err) {
        contractViolations.push(String(err));
      }
      published.push(event);
    },
  });
}, 60_000);

afterAll(async () => {
  await subscription?.stop();
  await service?.stop();
  await infra?.close();
});

interface Member {
  userId: string;
  token: string;
}

async function newMember(
  name = 'Ana Lua',
  opts: { roles?: string[]; perms?: string[] } = {},
): Promise<Member> {
  const userId = randomUUID();
  const short = userId.slice(0, 8);
  const event = identityEvent(UserRegistered, {
    userId,
    name,
    username: `member_${short}`,
    email: `member-${short}@example.com`,
    discountPercent: null,
    emailConfirmationUrl: `https://mer.test/confirm-email?token=t-${userId}`,
    registeredAt: new Date().toISOString(),
  });
  await infra.bus.publish(event);
  await eventually(() =>
    service.context.db
      .selectFrom('profiles')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
  return { userId, token: await tokens.token({ sub: userId, ...opts }) };
}

async function call(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: any; text: string; contentType: string | null }> {
  const response = await fetch(`${service.url}${API}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    text,
    contentType: response.headers.get('content-type'),
  };
}

const photoUrl = () => `${API}/photos/${randomUUID()}.jpg`;

/** A photo of this member in the photo pipeline's table (as an accepted upload leaves it), by its URL. */
async function photoOf(userId: string): Promise<string> {
  const id = randomUUID();
  await sql`insert into ${sql.id(infra.schemaFor('profile-onboarding'), 'photos')}
    (id, user_id, storage_key, width, height, face_count) values (${id}, ${userId}, ${`${id}.jpg`}, 512, 512, 1)`.execute(
    service.context.db,
  );
  return `${API}/photos/${id}.jpg`;
}

function completion(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ana Lua',
    bio: 'I sit every morning and walk in the forest.',
    cityId: LISBON,
    languageIds: ['en', 'pt'],
    interests: ['Meditation', 'yoga', 'Sacred Geometry'],
    imageUrl: photoUrl(),
    termsAccepted: true,
    cosmic: null,
    ...overrides,
  };
}

const eventsOf = (subject: string, userId: string) =>
  published.filter((e) => e.subject === subject && e.payload.userId === userId);

describe('reference data', () => {
  it('lists the 20 biggest cities without a query, with country, coordinates and time zone', async () => {
    const member = await newMember();
    const { status, body } = await call('GET', '/cities', member.token);
    expect(status).toBe(200);
    const cities = body.cities as City[];
    expect(cities).toHaveLength(20);
    expect(cities[0]!.name).toBe('Shanghai');
    for (const city of cities) {
      // No namesakes in the same country among the biggest: name and country only.
      expect(city.label).toBe(`${city.name}, ${city.country}`);
      expect(city.timeZone).toMatch(/^[A-Za-z_]+\/[A-Za-z_\-/]+$/);
    }
  });

  it('searches by trimmed, case-insensitive contains, ranked by match and population, at most 10', async () => {
    const member = await newMember();
    const { body } = await call('GET', '/cities?q=%20%20LISBON%20', member.token);
    const cities = body.cities as City[];
    expect(cities.length).toBeLessThanOrEqual(10);
    expect(cities[0]).toMatchObject({
      id: LISBON,
      name: 'Lisbon',
      country: 'Portugal',
      countryCode: 'PT',
      region: 'Lisbon',
      label: 'Lisbon, Portugal',
      timeZone: 'Europe/Lisbon',
    });
    // Issue 13 item 15: "Lisb" puts Lisbon, Portugal first and names the US Lisbons' states; "Port" offers Porto.
    const lisb = (await call('GET', '/cities?q=Lisb', member.token)).body.cities as City[];
    expect(lisb[0]!.label).toBe('Lisbon, Portugal');
    const usLisbons = lisb.filter((c) => c.name === 'Lisbon' && c.countryCode === 'US').map((c) => c.label);
    expect(usLisbons).toContain('Lisbon, Maine, United States');
    expect(new Set(usLisbons).size).toBe(usLisbons.length);
    const port = (await call('GET', '/cities?q=Port', member.token)).body.cities as City[];
    expect(port.map((c) => c.label)).toContain('Porto, Portugal');
    const san = (await call('GET', '/cities?q=san', member.token)).body.cities as City[];
    expect(san).toHaveLength(10);
    expect(san.every((c) => c.name.toLowerCase().includes('san'))).toBe(true);
    expect((await call('GET', '/cities?q=zzzzqqq', member.token)).body.cities).toEqual([]);
  });

  it('answers a search in a few milliseconds', async () => {
    const member = await newMember();
    const started = performance.now();
    for (const q of ['a', 'san', 'lis', 'new york', 'berlin'])
      await call('GET', `/cities?q=${encodeURIComponent(q)}`, member.token);
    const perQuery = (performance.now() - started) / 5;
    console.log(`city search over HTTP: ${perQuery.toFixed(1)} ms per query`);
    expect(perQuery).toBeLessThan(100);
  });

  it('refuses a query over 100 characters and answers 404 for unknown cities', async () => {
    const member = await newMember();
    const long = await call('GET', `/cities?q=${'a'.repeat(101)}`, member.token);
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('invalid_data');
    expect((await call('GET', `/cities/${LISBON}`, member.token)).body.name).toBe('Lisbon');
    expect((await call('GET', '/cities/999999999', member.token)).status).toBe(404);
    expect((await call('GET', '/cities/not-a-city', member.token)).status).toBe(404);
    expect((await call('GET', '/cities')).status).toBe(401);
  });

  it('lists ISO 639-1 languages by name with popular ones flagged', async () => {
    const member = await newMember();
    const { body } = await call('GET', '/languages', member.token);
    expect(body.languages.length).toBeGreaterThan(180);
    expect(body.languages).toContainEqual({ id: 'pt', code: 'pt', name: 'Portuguese', isPopular: true });
    expect(body.languages.filter((l: any) => l.isPopular)).toHaveLength(12);
    const names = body.languages.map((l: any) => l.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('lists the practices catalogue: the 20 built-ins popular, more behind Load More', async () => {
    const member = await newMember();
    const { body } = await call('GET', '/practices', member.token);
    const popular = body.practices.filter((p: any) => p.isPopular);
    expect(popular).toHaveLength(20);
    expect(popular.find((p: any) => p.name === 'Forest Bathing')).toMatchObject({
      category: 'nature',
      iconName: 'trees',
    });
    expect(body.practices.filter((p: any) => !p.isPopular).length).toBeGreaterThanOrEqual(25);
    expect(body.practices.find((p: any) => p.name === 'Vipassana').category).toBe('practice');
  });
});

describe('interest suggestions', () => {
  it("needs a login: 'Please log in to suggest interests'", async () => {
    const { status, body } = await call('POST', '/interest-suggestions', undefined, {
      name: 'Sacred Geometry',
    });
    expect(status).toBe(401);
    expect(body.error.message).toBe('Please log in to suggest interests');
  });

  it('answers the practice for an existing name (any case), a suggestion once per member for a new one', async () => {
    const member = await newMember();
    const existing = await call('POST', '/interest-suggestions', member.token, { name: '  yOGA ' });
    expect(existing.status).toBe(200);
    expect(existing.body.practice.name).toBe('Yoga');
    expect(existing.body.suggestion).toBeUndefined();

    const name = `Sacred Geometry ${randomUUID().slice(0, 6)}`;
    const created = await call('POST', '/interest-suggestions', member.token, { name });
    expect(created.status).toBe(201);
    expect(created.body.suggestion).toMatchObject({ suggestedName: name, status: 'pending' });
    const again = await call('POST', '/interest-suggestions', member.token, { name: name.toUpperCase() });
    expect(again.status).toBe(200);
    expect(again.body.suggestion.id).toBe(created.body.suggestion.id);
    expect((await call('POST', '/interest-suggestions', member.token, { name: '   ' })).status).toBe(400);
  });

  it('lets admins approve (the name joins practices as user_suggested) or reject with a reason', async () => {
    const member = await newMember();
    const admin = await newMember('Admin', { roles: ['admin'], perms: ['system_admin'] });
    const first = `Sound Journey ${randomUUID().slice(0, 6)}`;
    const second = `Aura Reading ${randomUUID().slice(0, 6)}`;
    const a = (await call('POST', '/interest-suggestions', member.token, { name: first })).body.suggestion;
    const b = (await call('POST', '/interest-suggestions', member.token, { name: second })).body.suggestion;

    expect((await call('GET', '/admin/interest-suggestions?status=pending', member.token)).status).toBe(403);
    const pending = await call('GET', '/admin/interest-suggestions?status=pending', admin.token);
    expect(pending.body.suggestions.map((s: any) => s.id)).toEqual(expect.arrayContaining([a.id, b.id]));

    const approved = await call('POST', `/admin/interest-suggestions/${a.id}/approve`, admin.token);
    expect(approved.status).toBe(200);
    expect(approved.body.suggestion).toMatchObject({ status: 'approved', reviewedBy: admin.userId });
    expect(Date.parse(approved.body.suggestion.reviewedAt)).not.toBeNaN();
    expect(approved.body.practice).toMatchObject({
      name: first,
      category: 'user_suggested',
      isPopular: false,
    });
    const practices = (await call('GET', '/practices', member.token)).body.practices;
    expect(practices.map((p: any) => p.name)).toContain(first);
    expect((await call('POST', `/admin/interest-suggestions/${a.id}/approve`, admin.token)).status).toBe(409);

    const noReason = await call('POST', `/admin/interest-suggestions/${b.id}/reject`, admin.token, {
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    const rejected = await call('POST', `/admin/interest-suggestions/${b.id}/reject`, admin.token, {
      reason: 'Too close to an existing practice',
    });
    expect(rejected.body.suggestion).toMatchObject({
      status: 'rejected',
      reviewedBy: admin.userId,
      rejectionReason: 'Too close to an existing practice',
    });
    expect(
      (await call('POST', `/admin/interest-suggestions/${randomUUID()}/approve`, admin.token)).status,
    ).toBe(404);
    expect((await call('POST', '/admin/interest-suggestions/nope/approve', admin.token)).status).toBe(404);
  });
});

describe('onboarding drafts', () => {
  it('saves, reads and forgets the wizard progress; null when none', async () => {
    const member = await newMember();
    expect(await call('GET', '/onboarding/draft', member.token)).toMatchObject({ status: 200, text: 'null' });
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    const data = {
      name: 'Ana',
      bio: 'Hello',
      languagesSpoken: ['en'],
      interests: ['Yoga'],
      cosmicOptIn: 'no',
    };
    const saved = await call('PUT', '/onboarding/draft', member.token, { step: 3, startedAt, data });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ step: 3, startedAt, data });
    const later = await call('PUT', '/onboarding/draft', member.token, {
      step: 4,
      startedAt,
      data: { name: 'Ana Lua' },
    });
    expect(later.body.data).toEqual({ name: 'Ana Lua' });
    expect((await call('GET', '/onboarding/draft', member.token)).body).toMatchObject({
      step: 4,
      data: { name: 'Ana Lua' },
    });
    expect((await call('DELETE', '/onboarding/draft', member.token)).status).toBe(204);
    expect(await call('GET', '/onboarding/draft', member.token)).toMatchObject({ status: 200, text: 'null' });
  });

  it('refuses oversized and unknown fields with their names', async () => {
    const member = await newMember();
    const startedAt = new Date().toISOString();
    const big = await call('PUT', '/onboarding/draft', member.token, {
      step: 1,
      startedAt,
      data: { bio: 'x'.repeat(501) },
    });
    expect(big.status).toBe(400);
    expect(big.body.error.details.fields[0].field).toContain('bio');
    const unknown = await call('PUT', '/onboarding/draft', member.token, {
      step: 1,
      startedAt,
      data: { password: 'x' },
    });
    expect(unknown.status).toBe(400);
    const step = await call('PUT', '/onboarding/draft', member.token, { step: 7, startedAt, data: {} });
    expect(step.status).toBe(400);
  });
});

describe('POST onboarding/complete', () => {
  it('answers every spec text for missing fields', async () => {
    const member = await newMember();
    const { status, body } = await call(
      'POST',
      '/onboarding/complete',
      member.token,
      completion({ name: ' ', bio: '', cityId: '', languageIds: [], interests: [], termsAccepted: false }),
    );
    expect(status).toBe(400);
    const messages = body.error.details.fields.map((f: any) => f.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Name is required',
        'Location is required',
        'At least one language is required',
        'Please share a brief intro about yourself',
        'Please select at least one practice or interest to continue',
        'Please accept the terms to continue',
      ]),
    );
    const city = await call('POST', '/onboarding/complete', member.token, completion({ cityId: '12' }));
    expect(city.body.error.message).toBe('Please select a city from the dropdown');
    const five = await call(
      'POST',
      '/onboarding/complete',
      member.token,
      completion({ languageIds: ['en', 'pt', 'es', 'fr', 'de'] }),
    );
    expect(five.status).toBe(400);
    const foreign = await call(
      'POST',
      '/onboarding/complete',
      member.token,
      completion({ imageUrl: 'https://evil.example/me.jpg' }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details.fields[0].field).toBe('body.imageUrl');
    const row = await service.context.db
      .selectFrom('profiles')
      .selectAll()
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(row.onboarding_completed).toBe(false);
  });

  it('saves the profile, links practices, suggests custom interests, deletes the draft and publishes profile.completed', async () => {
    const member = await newMember();
    await call('PUT', '/onboarding/draft', member.token, {
      step: 6,
      startedAt: new Date().toISOString(),
      data: { name: 'Ana' },
    });
    const body = completion({
      imageUrl: await photoOf(member.userId),
      cosmic: {
        birthDate: '1990-04-02',
        birthTime: '06:30',
        cityId: LISBON,
        sunSign: 'Aries',
        moonSign: 'Cancer',
        risingSign: null,
        humanDesign: { type: 'Generator', strategy: 'To Respond', authority: 'Sacral', profile: '2/4' },
      },
    });
    const { status, body: profile } = await call('POST', '/onboarding/complete', member.token, body);
    expect(status).toBe(200);
    expect(profile as MyProfile).toMatchObject({
      userId: member.userId,
      name: 'Ana Lua',
      bio: body.bio,
      imageUrl: body.imageUrl,
      cityId: LISBON,
      location: 'Lisbon, Portugal',
      languagesSpoken: ['en', 'pt'],
      languages: [
        { id: 'en', name: 'English' },
        { id: 'pt', name: 'Portuguese' },
      ],
      interests: ['Meditation', 'yoga', 'Sacred Geometry'],
      onboardingCompleted: true,
      badges: [{ type: 'new_member', label: 'New Member', priority: 10 }],
      cosmic: {
        birthDate: '1990-04-02',
        birthTime: '06:30',
        birthLocation: 'Lisbon, Portugal',
        sunSign: 'Aries',
      },
    });

    const linked = await service.context.db
      .selectFrom('user_practices')
      .innerJoin('practices', 'practices.id', 'user_practices.practice_id')
      .select([
        'practices.name',
        'source',
        'user_practices.is_active',
        'proficiency_level',
        'practice_frequency',
        'frequency_count',
        'experience_stage',
        'intensity_level',
        'practice_goals',
      ])
      .where('user_id', '=', member.userId)
      .orderBy('practices.name')
      .execute();
    expect(linked).toEqual(
      ['Meditation', 'Yoga'].map((name) => ({
        name,
        source: 'onboarding',
        is_active: true,
        proficiency_level: 'beginner',
        practice_frequency: 'weekly',
        frequency_count: 1,
        experience_stage: 'exploring',
        intensity_level: 'light',
        practice_goals: [],
      })),
    );
    const suggestions = await service.context.db
      .selectFrom('interest_suggestions')
      .selectAll()
      .where('user_id', '=', member.userId)
      .execute();
    expect(suggestions.map((s) => [s.suggested_name, s.status])).toEqual([['Sacred Geometry', 'pending']]);
    expect(await call('GET', '/onboarding/draft', member.token)).toMatchObject({ status: 200, text: 'null' });

    const [event] = await eventually(() => {
      const found = eventsOf('profile-onboarding.profile.completed.v1', member.userId);
      return found.length ? found : undefined;
    });
    expect(event!.payload).toEqual({
      userId: member.userId,
      name: 'Ana Lua',
      username: expect.stringMatching(/^member_/),
      imageUrl: body.imageUrl,
      cityId: LISBON,
      location: 'Lisbon, Portugal',
      languages: ['en', 'pt'],
      interests: ['Meditation', 'yoga', 'Sacred Geometry'],
      // What social-graph's people discovery needs: the city's coordinates, the privacy switches, the badges;
      // no chart while the member does not share their birth data.
      discovery: {
        latitude: expect.closeTo(38.72, 1),
        longitude: expect.closeTo(-9.13, 1),
        locationSharing: true,
        showInDiscovery: true,
        badges: expect.any(Array),
        cosmic: null,
      },
      completedAt: expect.any(String),
    });
    expect(JSON.stringify(event)).not.toContain('1990-04-02');
    expect(JSON.stringify(event)).not.toContain('@example.com');
    expect(contractViolations).toEqual([]);
  });

  it("stores the Cosmic Info step's whole chart, calculated here, so the profile can draw the bodygraph; 'no' removes it", async () => {
    const member = await newMember();
    const imageUrl = await photoOf(member.userId);
    const birth = { birthDate: '1988-11-02', birthTime: '14:10', cityId: LISBON };
    const completed = await call(
      'POST',
      '/onboarding/complete',
      member.token,
      completion({
        imageUrl,
        // The browser's signs are replaced by the stored chart's: a wrong one here must not survive.
        cosmic: { ...birth, sunSign: 'Leo', moonSign: null, risingSign: null, humanDesign: null },
      }),
    );
    expect(completed.status, completed.text).toBe(200);
    const city = (await call('GET', `/cities/${LISBON}`, member.token)).body as {
      latitude: number;
      longitude: number;
    };
    const engine = calculateChart({
      birthDate: birth.birthDate,
      birthTime: birth.birthTime,
      latitude: city.latitude,
      longitude: city.longitude,
    });
    expect(completed.body.cosmic).toMatchObject({
      sunSign: engine.astrology.sunSign,
      moonSign: engine.astrology.moonSign,
      risingSign: engine.astrology.risingSign,
      humanDesign: { type: engine.humanDesign!.type, profile: engine.humanDesign!.profile },
    });
    const chart = await call('GET', '/charts/me', member.token);
    expect(chart.status).toBe(200);
    expect(chart.body).toMatchObject({
      birthDate: birth.birthDate,
      birthTime: birth.birthTime,
      sunSign: engine.astrology.sunSign,
      humanDesign: { type: engine.humanDesign!.type, profile: engine.humanDesign!.profile },
    });
    expect(chart.body.humanDesign.bodygraph.channels).toEqual(engine.humanDesign!.bodygraph.channels);

    await call('PUT', '/onboarding/draft', member.token, {
      step: 4,
      startedAt: new Date().toISOString(),
      data: {},
    });
    const again = await call(
      'POST',
      '/onboarding/complete',
      member.token,
      completion({ imageUrl, cosmic: null }),
    );
    expect(again.status, again.text).toBe(200);
    expect(await call('GET', '/charts/me', member.token)).toMatchObject({ status: 200, text: 'null' });
  });

  it('answers 404 without a profile and 401 without a login', async () => {
    const strangerId = randomUUID();
    const stranger = await tokens.token({ sub: strangerId });
    const strangerPhoto = completion({ imageUrl: await photoOf(strangerId) });
    expect((await call('POST', '/onboarding/complete', stranger, strangerPhoto)).status).toBe(404);
    expect((await call('POST', '/onboarding/complete', undefined, completion())).status).toBe(401);
  });
});

describe('PATCH profiles/me', () => {
  it('changes only the fields given, with the same rules, and publishes profile.updated', async () => {
    const member = await newMember();
    await call(
      'POST',
      '/onboarding/complete',
      member.token,
      completion({ imageUrl: await photoOf(member.userId) }),
    );
    const { status, body } = await call('PATCH', '/profiles/me', member.token, {
      bio: 'New intro',
      languageIds: ['es'],
      privacySettings: { analytics: false },
      notificationPreferences: { messages: false },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'Ana Lua',
      bio: 'New intro',
      languagesSpoken: ['es'],
      location: 'Lisbon, Portugal',
      privacySettings: {
        analytics: false,
        location_sharing: true,
        receive_emails: true,
        share_birth_data: false,
        show_in_discovery: true,
      },
      notificationPreferences: { messages: false, mentions: true },
    });
    await eventually(() => eventsOf('profile-onboarding.profile.updated.v1', member.userId)[0]);
    const bad = await call('PATCH', '/profiles/me', member.token, { name: '', cityId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields.map((f: any) => f.message)).toEqual([
      'Name is required',
      'Please select a city from the dropdown',
    ]);
  });

  it('keeps user practices in step with edited interests', async () => {
    const member = await newMember();
    await call(
      'POST',
      '/onboarding/complete',
      member.token,
      completion({ interests: ['Meditation', 'Yoga'], imageUrl: await photoOf(member.userId) }),
    );
    const custom = `Bird Watching ${randomUUID().slice(0, 6)}`;
    const edited = await call('PATCH', '/profiles/me', member.token, {
      interests: ['yoga', 'Reiki', custom],
    });
    expect(edited.status).toBe(200);
    const rows = await service.context.db
      .selectFrom('user_practices')
      .innerJoin('practices', 'practices.id', 'user_practices.practice_id')
      .select(['practices.name', 'user_practices.is_active', 'source'])
      .where('user_id', '=', member.userId)
      .orderBy('practices.name')
      .execute();
    expect(rows).toEqual([
      { name: 'Meditation', is_active: false, source: 'onboarding' },
      { name: 'Reiki', is_active: true, source: 'profile' },
      { name: 'Yoga', is_active: true, source: 'onboarding' },
    ]);
    const suggestion = await service.context.db
      .selectFrom('interest_suggestions')
      .select('status')
      .where('user_id', '=', member.userId)
      .where('suggested_name', '=', custom)
      .executeTakeFirst();
    expect(suggestion?.status).toBe('pending');
  });

  it("refuses another member's id: 'Cannot update other users profiles'", async () => {
    const member = await newMember();
    const other = await newMember('Other');
    const { status, body } = await call('PATCH', '/profiles/me', member.token, {
      userId: other.userId,
      bio: 'hacked',
    });
    expect(status).toBe(403);
    expect(body.error.message).toBe('Cannot update other users profiles');
    const row = await service.context.db
      .selectFrom('profiles')
      .select('bio')
      .where('user_id', '=', other.userId)
      .executeTakeFirstOrThrow();
    expect(row.bio).toBeNull();
  });

  it('stores the bio through the shared sanitiser and logs the script as a security event', async () => {
    const member = await newMember();
    const bio = '<script>alert("x")</script> I <3 yoga';
    const { status, body, contentType } = await call('PATCH', '/profiles/me', member.token, { bio });
    expect(status).toBe(200);
    expect(contentType).toContain('application/json');
    expect(body.bio).toBe('I <3 yoga');
    expect((await call('GET', `/profiles/${member.userId}`, member.token)).body.bio).toBe('I <3 yoga');
    const [threat] = await eventually(() => {
      const found = eventsOf('profile-onboarding.security.threat-detected.v1', member.userId);
      return found.length ? found : undefined;
    });
    expect(threat!.payload).toMatchObject({
      name: 'suspicious_script_injection',
      severity: 'critical',
      service: 'profile-onboarding',
      field: 'profile.bio',
      labels: ['Script tag injection'],
      sample: bio,
      inputLength: bio.length,
    });
  });

  it("refuses a bio with nothing left after sanitising ('All content was stripped during sanitization'), still logging it", async () => {
    const member = await newMember();
    const before = (await call('GET', '/profiles/me', member.token)).body;
    const answer = await call('PATCH', '/profiles/me', member.token, {
      bio: '<iframe src="https://evil.example"></iframe>',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 'invalid_data',
      message: 'All content was stripped during sanitization',
      details: { fields: [{ field: 'body.bio', message: 'All content was stripped during sanitization' }] },
    });
    expect((await call('GET', '/profiles/me', member.token)).body.bio).toBe(before.bio);
    const [threat] = await eventually(() => {
      const found = eventsOf('profile-onboarding.security.threat-detected.v1', member.userId);
      return found.length ? found : undefined;
    });
    expect(threat!.payload).toMatchObject({
      name: 'iframe_injection_detected',
      severity: 'high',
      labels: ['Iframe injection', 'All content was stripped during sanitization'],
    });
    // A custom interest goes through the same sanitiser.
    const suggestion = await call('POST', '/interest-suggestions', member.token, {
      name: '<b onclick="x()">Qi Gong</b>',
    });
    expect(suggestion.status).toBeLessThan(300);
    expect(JSON.stringify(suggestion.body)).toContain('Qi Gong');
    expect(JSON.stringify(suggestion.body)).not.toContain('onclick');
  });

  it('answers 400 with field names for wrong types and oversized fields, never 500', async () => {
    const member = await newMember();
    for (const body of [
      { bio: { text: 'x' } },
      { languageIds: [{}] },
      { bio: 'x'.repeat(501) },
      { name: 'x'.repeat(101) },
      { interests: Array.from({ length: 51 }, (_, i) => `i${i}`) },
      { privacySettings: { analytics: 'no' } },
      { role: 'coach' },
    ]) {
      const answer = await call('PATCH', '/profiles/me', member.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.details.fields[0].field).toMatch(/^body/);
    }
    expect((await call('PATCH', '/profiles/me', member.token, '{"bio":')).status).toBe(400);
    expect((await call('PATCH', '/profiles/me', member.token, { bio: 'a\u0000b' })).body.bio).toBe('ab');
  });

  it('applies two concurrent edits of different fields both, and the same field consistently', async () => {
    const member = await newMember();
    const [a, b] = await Promise.all([
      call('PATCH', '/profiles/me', member.token, { bio: 'From the phone' }),
      call('PATCH', '/profiles/me', member.token, { name: 'Ana Lua Sol' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const me = (await call('GET', '/profiles/me', member.token)).body;
    expect(me).toMatchObject({ bio: 'From the phone', name: 'Ana Lua Sol' });

    const answers = await Promise.all(
      ['one', 'two', 'three', 'four'].map((bio) => call('PATCH', '/profiles/me', member.token, { bio })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const final = (await call('GET', '/profiles/me', member.token)).body.bio;
    // The last write to commit wins, and it is the one whose answer carries the newest updatedAt.
    const newest = answers.reduce((x, y) =>
      Date.parse(x.body.updatedAt) >= Date.parse(y.body.updatedAt) ? x : y,
    );
    expect(final).toBe(newest.body.bio);
  });
});

describe('public profiles', () => {
  it('never shows the e-mail; location and cosmic data only when shared', async () => {
    const member = await newMember();
    const viewer = await newMember('Viewer');
    const completed = await call(
      'POST',
      '/onboarding/complete',
      member.token,
      completion({
        imageUrl: await photoOf(member.userId),
        cosmic: {
          birthDate: '1990-04-02',
          birthTime: null,
          cityId: LISBON,
          sunSign: 'Aries',
          moonSign: null,
          risingSign: null,
          humanDesign: null,
        },
      }),
    );
    expect(completed.status, completed.text).toBe(200);
    const seen = await call('GET', `/profiles/${member.userId}`, viewer.token);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain('@example.com');
    expect(seen.body).toMatchObject({ location: 'Lisbon, Portugal', cosmic: null });

    await call('PATCH', '/profiles/me', member.token, {
      privacySettings: { share_birth_data: true, location_sharing: false, show_in_discovery: false },
    });
    // The update event tells social-graph: hidden from discovery, location not shared, the chart summary shared.
    const updated = await eventually(() =>
      eventsOf('profile-onboarding.profile.updated.v1', member.userId).find(
        (e) =>
          (e.payload as { discovery?: { showInDiscovery: boolean } }).discovery?.showInDiscovery === false,
      ),
    );
    expect((updated.payload as { discovery: unknown }).discovery).toMatchObject({
      locationSharing: false,
      showInDiscovery: false,
      cosmic: { sunSign: 'Aries' },
    });
    // A chart stored later in settings follows too (with the Human Design gates compatibility needs).
    const stored = await call('PUT', '/charts/me', member.token, {
      birthDate: '1961-08-04',
      birthTime: '19:24',
      latitude: 21.3069,
      longitude: -157.8583,
      birthLocation: 'Honolulu, Hawaii, United States',
    });
    expect(stored.status).toBe(200);
    const withChart = await eventually(() =>
      eventsOf('profile-onboarding.profile.updated.v1', member.userId).find(
        (e) =>
          (e.payload as { discovery?: { cosmic: { sunSign: string } | null } }).discovery?.cosmic?.sunSign ===
          'Leo',
      ),
    );
    expect(
      (withChart.payload as { discovery: { cosmic: { humanDesignGates: number[] } } }).discovery.cosmic
        .humanDesignGates.length,
    ).toBeGreaterThan(10);
    const shared = (await call('GET', `/profiles/${member.userId}`, viewer.token)).body;
    expect(shared).toMatchObject({
      location: null,
      cityId: null,
      cosmic: { birthDate: '1961-08-04', sunSign: 'Leo' },
    });
    expect((await call('GET', `/profiles/${randomUUID()}`, viewer.token)).status).toBe(404);
    expect((await call('GET', '/profiles/not-an-id', viewer.token)).status).toBe(404);
  });
});

describe('account deletion', () => {
  it('leaves no row of the deleted member in any profile-onboarding table', async () => {
    const member = await newMember();
    const admin = await newMember('Admin', { perms: ['users_update'] });
    await call(
      'POST',
      '/onboarding/complete',
      member.token,
      completion({ imageUrl: await photoOf(member.userId) }),
    );
    await call('PUT', '/onboarding/draft', member.token, {
      step: 2,
      startedAt: new Date().toISOString(),
      data: {},
    });
    await saveMembership(service.context.db, {
      membershipId: randomUUID(),
      userId: member.userId,
      planName: 'InnerCircle Membership',
      innerCircle: true,
      status: 'active',
      expiresAt: null,
      cancelAtPeriodEnd: false,
      occurredAt: new Date(),
    });
    await saveMemberRoles(service.context.db, {
      userId: member.userId,
      roles: ['member'],
      isAdmin: false,
      occurredAt: new Date(),
    });
    // The member also reviewed someone's suggestion (as an admin would).
    const other = await newMember('Other');
    const suggestion = (
      await call('POST', '/interest-suggestions', other.token, {
        name: `Chanting ${randomUUID().slice(0, 6)}`,
      })
    ).body.suggestion;
    await service.context.db
      .updateTable('interest_suggestions')
      .set({ reviewed_by: member.userId })
      .where('id', '=', suggestion.id)
      .execute();
    void admin;

    const deleted = identityEvent(UserDeleted, { userId: member.userId });
    await infra.bus.publish(deleted);
    await eventually(() =>
      service.context.database.db
        .selectFrom('processed_events')
        .select('event_id')
        .where('event_id', '=', deleted.id)
        .executeTakeFirst(),
    );

    const schema = infra.schemaFor('profile-onboarding');
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = ${schema} and data_type = 'uuid'
        and (column_name like '%user_id' or column_name in ('reviewed_by'))`.execute(service.context.db);
    const checked: string[] = [];
    for (const { table_name, column_name } of columns.rows) {
      // The tombstone that stops a late sign-up event from recreating the profile: only the bare id.
      if (table_name === 'erased_members') continue;
      const rows =
        await sql`select 1 from ${sql.id(schema, table_name)} where ${sql.id(column_name)} = ${member.userId}`.execute(
          service.context.db,
        );
      expect(rows.rows, `${table_name}.${column_name}`).toHaveLength(0);
      checked.push(`${table_name}.${column_name}`);
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'profiles.user_id',
        'onboarding_drafts.user_id',
        'user_practices.user_id',
        'interest_suggestions.user_id',
        'interest_suggestions.reviewed_by',
        'member_memberships.user_id',
        'member_roles.user_id',
      ]),
    );
    const kept = await service.context.db
      .selectFrom('interest_suggestions')
      .select('status')
      .where('id', '=', suggestion.id)
      .executeTakeFirstOrThrow();
    expect(kept.status).toBe('pending');
  });
});

describe('writes from a deleted account whose token still works', () => {
  it('saves no draft and no interest suggestion for an erased member (404, no row)', async () => {
    const member = await newMember();
    const deleted = identityEvent(UserDeleted, { userId: member.userId });
    await infra.bus.publish(deleted);
    await eventually(() =>
      service.context.database.db
        .selectFrom('processed_events')
        .select('event_id')
        .where('event_id', '=', deleted.id)
        .executeTakeFirst(),
    );

    const draft = await call('PUT', '/onboarding/draft', member.token, {
      step: 2,
      startedAt: new Date().toISOString(),
      data: { name: 'Ana Lua', bio: 'Still here?' },
    });
    expect(draft.status).toBe(404);
    const suggestion = await call('POST', '/interest-suggestions', member.token, {
      name: `Chanting ${randomUUID().slice(0, 6)}`,
    });
    expect(suggestion.status).toBe(404);

    const drafts = await service.context.db
      .selectFrom('onboarding_drafts')
      .select('user_id')
      .where('user_id', '=', member.userId)
      .execute();
    expect(drafts).toEqual([]);
    const suggestions = await service.context.db
      .selectFrom('interest_suggestions')
      .select('id')
      .where('user_id', '=', member.userId)
      .execute();
    expect(suggestions).toEqual([]);
  });
});

describe('random bodies never cause a 5xx', () => {
  it('PATCH profiles/me, onboarding/complete, onboarding/draft and interest-suggestions', async () => {
    const member = await newMember();
    const anything = fc.oneof(
      fc.anything(),
      fc.record(
        {
          name: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
          bio: fc.oneof(fc.string({ maxLength: 600 }), fc.string({ unit: 'binary' })),
          cityId: fc.oneof(fc.string(), fc.constant(LISBON)),
          languageIds: fc.oneof(fc.array(fc.string()), fc.constant(['en'])),
          interests: fc.array(fc.string({ unit: 'binary' })),
          step: fc.integer(),
          startedAt: fc.oneof(
            fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
            fc.string(),
          ),
          data: fc.anything(),
          termsAccepted: fc.anything(),
          cosmic: fc.anything(),
          imageUrl: fc.string(),
        },
        { requiredKeys: [] },
      ),
    );
    const routes: [string, string][] = [
      ['PATCH', '/profiles/me'],
      ['POST', '/onboarding/complete'],
      ['PUT', '/onboarding/draft'],
      ['POST', '/interest-suggestions'],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), anything, async ([method, path], body) => {
        const json = JSON.stringify(body) ?? 'null';
        const answer = await call(method, path, member.token, json);
        expect(answer.status, `${method} ${path} ${json}`).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
  }, 60_000);
});

describe("the profile photo must be one of the member's own photos", () => {
  it("accepts only the member's own photo from the photo pipeline's table", async () => {
    const member = await newMember();
    const other = await newMember('Other');
    const mine = await photoOf(member.userId);
    for (const imageUrl of [await photoOf(other.userId), photoUrl()]) {
      const refused = await call('POST', '/onboarding/complete', member.token, completion({ imageUrl }));
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.fields[0]).toEqual({
        field: 'body.imageUrl',
        message: 'Please upload your profile photo in this step',
      });
    }
    const accepted = await call('POST', '/onboarding/complete', member.token, completion({ imageUrl: mine }));
    expect(accepted.status).toBe(200);
    expect(accepted.body.imageUrl).toBe(mine);
  });
});
