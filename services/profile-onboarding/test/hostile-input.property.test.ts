import { randomUUID } from 'node:crypto';
import {
  ErrorBody,
  MyProfile,
  UserRegistered,
  profileOnboardingRoutes,
  type RouteDefinition,
} from '@mer/contracts';
import { sql } from '@mer/service-runtime';
import { createTestInfra, eventually, hostileValues, type TestInfra } from '@mer/service-runtime/testing';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenIssuer, identityEvent, startProfileService, type ProfileService } from './harness.ts';

/*
 * The three routes that take a member's free text (PATCH profiles/me, PUT onboarding/draft, POST
 * onboarding/complete) under hostile input and concurrent use, against real PostgreSQL: never a 5xx,
 * always the error format, success bodies as the contract says, text kept as text, no lost update.
 * MER_PROPERTY_RUNS sets the runs per route (default 30), as in identity's property test.
 */

const RUNS = Number(process.env.MER_PROPERTY_RUNS ?? 30);
const API = '/api/v1/profile-onboarding';
const LISBON = '2267057';

let infra: TestInfra;
let service: ProfileService;
let tokens: Awaited<ReturnType<typeof createTokenIssuer>>;

beforeAll(async () => {
  infra = await createTestInfra();
  console.log(`profile-onboarding hostile input on ${infra.describe}`);
  tokens = await createTokenIssuer();
  service = await startProfileService(infra, { verifier: tokens.verifier });
}, 60_000);

afterAll(async () => {
  await service?.stop();
  await infra?.close();
});

interface Member {
  userId: string;
  token: string;
}

async function newMember(): Promise<Member> {
  const userId = randomUUID();
  const short = userId.slice(0, 8);
  await infra.bus.publish(
    identityEvent(UserRegistered, {
      userId,
      name: 'Ana Lua',
      username: `member_${short}`,
      email: `member-${short}@example.com`,
      discountPercent: null,
      emailConfirmationUrl: `https://mer.test/confirm-email#token=t-${userId}`,
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

/** A photo of this member as an accepted upload leaves its row (no file needed here), by its URL. */
async function photoOf(userId: string): Promise<string> {
  const id = randomUUID();
  await sql`insert into ${sql.id(infra.schemaFor('profile-onboarding'), 'photos')}
    (id, user_id, storage_key, width, height, face_count) values (${id}, ${userId}, ${`${id}.jpg`}, 512, 512, 1)`.execute(
    service.context.db,
  );
  return `${API}/photos/${id}.jpg`;
}

async function call(
  method: string,
  path: string,
  token: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${service.url}${API}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': contentType } : {}),
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: left as text, and the checks below say so
  }
  return { status: response.status, body: parsed };
}

const errorBody = TypeCompiler.Compile(ErrorBody);
const myProfile = TypeCompiler.Compile(MyProfile);

// ---- hostile values (the runtime's vocabulary, plus values this service knows) ------------------

const { hugeString, nastyString, hostileKey, hostileValue } = hostileValues({
  strings: [`${API}/photos/../../etc/passwd.jpg`, LISBON, 'en'],
});

/** Right values for some keys, so that random bodies also get past the schema into the rules and SQL. */
function rightValue(key: string, photoUrl: string): fc.Arbitrary<unknown> | undefined {
  switch (key) {
    case 'step':
      return fc.integer({ min: 0, max: 6 });
    case 'startedAt':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'cityId':
      return fc.constantFrom(LISBON, '2643743', '0', ' 2267057 ');
    case 'languageIds':
    case 'languagesSpoken':
      return fc.subarray(['en', 'pt', 'es', 'xx', 'EN']);
    case 'interests':
      return fc.array(
        fc.oneof(fc.constantFrom('Yoga', 'meditation', ' Reiki '), fc.string({ maxLength: 100 })),
        {
          maxLength: 6,
        },
      );
    case 'termsAccepted':
      return fc.boolean();
    case 'imageUrl':
      return fc.constant(photoUrl);
    case 'name':
    case 'bio':
      return fc.oneof(
        fc.string({ maxLength: 120 }),
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        nastyString,
      );
    case 'notificationPreferences':
    case 'privacySettings':
      return fc.dictionary(
        fc.constantFrom('messages', 'mentions', 'analytics', 'location_sharing', 'share_birth_data', 'x'),
        fc.oneof(fc.boolean(), hostileValue),
        { maxKeys: 3 },
      );
    default:
      return undefined;
  }
}

/** Objects shaped like the schema (nested objects too), each field missing, right, or of any wrong type, plus unknown keys. */
function shaped(
  schema: TSchema | undefined,
  photoUrl: string,
  depth = 0,
  extras = true,
): fc.Arbitrary<unknown> {
  const properties = (schema as { properties?: Record<string, TSchema> } | undefined)?.properties;
  if (!properties || depth > 2) return hostileValue;
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) {
    const right = rightValue(key, photoUrl);
    const nested = (child as { properties?: unknown }).properties
      ? shaped(child, photoUrl, depth + 1)
      : undefined;
    record[key] = fc.oneof(...[hostileValue, right, nested].filter((a): a is fc.Arbitrary<unknown> => !!a));
  }
  return fc
    .tuple(
      fc.record(record, { requiredKeys: [] }),
      extras
        ? fc.option(fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 }), { nil: undefined, freq: 3 })
        : fc.constant(undefined),
    )
    .map(([fields, extra]) => Object.assign(Object.create(null), fields, extra ?? {}));
}

const prototypePollution = fc.constantFrom(
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"bio":"x","__proto__":{"isAdmin":true}}',
  '{"step":1,"startedAt":"2026-01-01T00:00:00Z","data":{"__proto__":{"polluted":"yes"}}}',
);
const brokenJson = fc.constantFrom(
  '{',
  '{"bio":',
  'nul',
  '[1,2',
  '{"a":1}}',
  '\u0000',
  '{"bio":"\\uD800"}',
  ' ',
  '""',
  '[]',
  'null',
  '0',
);

/** A body the route accepts, for the runs that change one or two fields of it to something hostile. */
function validBody(route: RouteDefinition, photoUrl: string): Record<string, unknown> {
  if (route === profileOnboardingRoutes.saveOnboardingDraft)
    return { step: 1, startedAt: new Date().toISOString(), data: { name: 'Ana' } };
  if (route === profileOnboardingRoutes.completeOnboarding)
    return {
      name: 'Ana Lua',
      bio: 'I sit every morning.',
      cityId: LISBON,
      languageIds: ['en'],
      interests: ['Yoga'],
      imageUrl: photoUrl,
      termsAccepted: true,
      cosmic: null,
    };
  return { bio: 'Hello' };
}

/** The valid body with one or two of its fields replaced by shaped, possibly hostile, values. */
function nearlyValid(route: RouteDefinition, photoUrl: string): fc.Arbitrary<unknown> {
  const valid = validBody(route, photoUrl);
  return fc
    .tuple(
      fc.subarray(Object.keys(valid), { minLength: 1, maxLength: Math.min(2, Object.keys(valid).length) }),
      shaped(route.body, photoUrl, 0, false),
    )
    .map(([keys, random]) => {
      const body: Record<string, unknown> = { ...valid };
      for (const key of keys) {
        if (random && typeof random === 'object' && key in random) body[key] = (random as any)[key];
        else delete body[key];
      }
      return body;
    });
}

const routes: RouteDefinition[] = [
  profileOnboardingRoutes.updateMyProfile,
  profileOnboardingRoutes.saveOnboardingDraft,
  profileOnboardingRoutes.completeOnboarding,
];

describe('hostile bodies never give a 5xx and always the error format', () => {
  for (const route of routes) {
    it(`${route.method} ${route.path}`, async () => {
      const member = await newMember();
      const photoUrl = await photoOf(member.userId);
      const path = route.path.slice(API.length);
      const success = Object.fromEntries(
        Object.entries(route.response).map(([status, schema]) => [status, TypeCompiler.Compile(schema)]),
      );
      const statuses: Record<number, number> = {};
      const body = fc.oneof(
        { weight: 4, arbitrary: shaped(route.body, photoUrl).map((b) => JSON.stringify(b)) },
        { weight: 3, arbitrary: nearlyValid(route, photoUrl).map((b) => JSON.stringify(b)) },
        { weight: 2, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null') },
        { weight: 1, arbitrary: prototypePollution },
        { weight: 1, arbitrary: brokenJson },
        { weight: 1, arbitrary: hugeString },
      );
      const contentType = fc.constantFrom(
        'application/json',
        'application/json',
        'application/json',
        'text/plain',
        'application/json; charset=utf-16',
      );
      await fc.assert(
        fc.asyncProperty(body, contentType, async (raw, type) => {
          const reply = await call(route.method, path, member.token, raw, type);
          statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
          const seen = `${reply.status} ${JSON.stringify(reply.body)?.slice(0, 300)} for ${raw.slice(0, 300)}`;
          expect(reply.status, seen).toBeLessThan(500);
          if (reply.status >= 400) expect(errorBody.Check(reply.body), seen).toBe(true);
          else expect(success[reply.status]?.Check(reply.body), seen).toBe(true);
        }),
        // The valid body first: the run always reaches the rules, the SQL and a success at least once.
        { numRuns: RUNS, examples: [[JSON.stringify(validBody(route, photoUrl)), 'application/json']] },
      );
      console.log(`${route.method} ${route.path}: answers by status ${JSON.stringify(statuses)}`);
      // Random bodies got past validation into the rules and SQL too, not only refused at the door.
      expect(statuses[200] ?? 0).toBeGreaterThan(0);
      // Whatever was accepted, the stored profile still reads back in the contract's shape.
      const me = await call('GET', '/profiles/me', member.token);
      expect(me.status).toBe(200);
      expect(myProfile.Check(me.body), JSON.stringify(me.body)).toBe(true);
    }, 120_000);
  }

  it('left no trace of prototype pollution in the process', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

describe('hostile examples on the onboarding routes', () => {
  const startedAt = () => new Date().toISOString();
  const script = '<script>alert("x")</script> I <3 yoga & "tea"';

  function completion(imageUrl: string, overrides: Record<string, unknown> = {}) {
    return {
      name: 'Ana Lua',
      bio: 'I sit every morning.',
      cityId: LISBON,
      languageIds: ['en'],
      interests: ['Yoga'],
      imageUrl,
      termsAccepted: true,
      cosmic: null,
      ...overrides,
    };
  }

  it('PUT onboarding/draft: stores a script as text, refuses oversized fields, wrong types and unknown keys by name', async () => {
    const member = await newMember();
    const saved = await call('PUT', '/onboarding/draft', member.token, {
      step: 2,
      startedAt: startedAt(),
      data: { bio: script, name: script.slice(0, 100) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.bio).toBe(script);
    expect((await call('GET', '/onboarding/draft', member.token)).body.data.bio).toBe(script);

    const refused: [unknown, RegExp][] = [
      [{ step: 1, startedAt: startedAt(), data: { name: 'x'.repeat(101) } }, /name/],
      [{ step: 1, startedAt: startedAt(), data: { username: 'x'.repeat(31) } }, /username/],
      [{ step: 1, startedAt: startedAt(), data: { imageUrl: 'x'.repeat(301) } }, /imageUrl/],
      [
        {
          step: 1,
          startedAt: startedAt(),
          data: { interests: Array.from({ length: 51 }, (_, i) => `i${i}`) },
        },
        /interests/,
      ],
      [{ step: 1, startedAt: startedAt(), data: { interests: ['x'.repeat(101)] } }, /interests/],
      [
        { step: 1, startedAt: startedAt(), data: { languagesSpoken: ['en', 'pt', 'es', 'fr', 'de'] } },
        /languagesSpoken/,
      ],
      [{ step: 'one', startedAt: startedAt(), data: {} }, /step/],
      [{ step: 1.5, startedAt: startedAt(), data: {} }, /step/],
      [{ step: 1, startedAt: 'yesterday', data: {} }, /startedAt/],
      [{ step: 1, startedAt: startedAt(), data: [] }, /data/],
      [{ step: 1, startedAt: startedAt(), data: { interests: { Yoga: true } } }, /interests/],
      [{ step: 1, startedAt: startedAt(), data: { termsAccepted: 'yes' } }, /termsAccepted/],
      [{ step: 1, startedAt: startedAt(), data: {}, isAdmin: true }, /body/],
      [
        { step: 1, startedAt: startedAt(), data: { birthData: { birthDate: '1990-01-01', extra: 1 } } },
        /birthData/,
      ],
    ];
    for (const [body, field] of refused) {
      const answer = await call('PUT', '/onboarding/draft', member.token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(errorBody.Check(answer.body)).toBe(true);
      expect(answer.body.error.details.fields.map((f: { field: string }) => f.field).join(' ')).toMatch(
        field,
      );
    }
    // None of the refused saves replaced the stored draft.
    expect((await call('GET', '/onboarding/draft', member.token)).body.data.bio).toBe(script);
  });

  it('POST onboarding/complete: stores the sanitised text, refuses oversized fields, wrong types and unknown keys, changing nothing', async () => {
    const member = await newMember();
    const photo = await photoOf(member.userId);
    const refused: [Record<string, unknown>, RegExp][] = [
      [{ bio: 'x'.repeat(501) }, /bio/],
      [{ name: 'x'.repeat(101) }, /name/],
      [{ imageUrl: 'x'.repeat(301) }, /imageUrl/],
      [{ interests: Array.from({ length: 51 }, (_, i) => `i${i}`) }, /interests/],
      [{ languageIds: ['en', 'pt', 'es', 'fr', 'de'] }, /languageIds/],
      [{ cityId: 'x'.repeat(21) }, /cityId/],
      [{ termsAccepted: 'yes' }, /termsAccepted/],
      [{ languageIds: { en: true } }, /languageIds/],
      [{ bio: { text: 'x' } }, /bio/],
      [{ interests: [{ name: 'Yoga' }] }, /interests/],
      [{ cosmic: 'no' }, /cosmic/],
      [{ isAdmin: true }, /body/],
      [{ role: 'coach' }, /body/],
      [
        {
          cosmic: {
            birthDate: '1990-04-02',
            birthTime: null,
            cityId: LISBON,
            sunSign: 'Aries',
            moonSign: null,
            risingSign: null,
            humanDesign: null,
            extra: 'x',
          },
        },
        /cosmic/,
      ],
    ];
    for (const [overrides, field] of refused) {
      const answer = await call('POST', '/onboarding/complete', member.token, completion(photo, overrides));
      expect(answer.status, JSON.stringify(overrides).slice(0, 200)).toBe(400);
      expect(errorBody.Check(answer.body)).toBe(true);
      expect(answer.body.error.details.fields.map((f: { field: string }) => f.field).join(' ')).toMatch(
        field,
      );
    }
    const untouched = await call('GET', '/profiles/me', member.token);
    expect(untouched.body).toMatchObject({ onboardingCompleted: false, bio: null, role: null });

    // The shared sanitiser's plain text: the script goes, the rest stays as typed (the draft keeps it raw).
    const done = await call('POST', '/onboarding/complete', member.token, completion(photo, { bio: script }));
    expect(done.status).toBe(200);
    expect(done.body.bio).toBe('I <3 yoga & "tea"');
    const viewer = await newMember();
    expect((await call('GET', `/profiles/${member.userId}`, viewer.token)).body.bio).toBe(
      'I <3 yoga & "tea"',
    );
  });
});

describe('scalar coercion (the runtime validates every route with coerceTypes: "array")', () => {
  it('turns a coercible scalar into the contract type before anything is stored; refuses the rest', async () => {
    const member = await newMember();
    const coerced = await call('PATCH', '/profiles/me', member.token, { bio: 42, languageIds: 'en' });
    expect(coerced.status).toBe(200);
    expect(coerced.body).toMatchObject({ bio: '42', languagesSpoken: ['en'] });
    const draft = await call('PUT', '/onboarding/draft', member.token, {
      step: '3',
      startedAt: new Date().toISOString(),
      data: { termsAccepted: 'true' },
    });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ step: 3, data: { termsAccepted: true } });
    const refused = await call('PATCH', '/profiles/me', member.token, {
      privacySettings: { analytics: 'no' },
    });
    expect(refused.status).toBe(400);
  });
});

describe('concurrent edits of one profile lose no update', () => {
  it('many PATCHes at once, each changing other fields, all apply', async () => {
    const member = await newMember();
    const edits = [
      { name: 'Ana Lua Sol' },
      { bio: 'From the phone' },
      { cityId: LISBON },
      { languageIds: ['pt', 'en'] },
      { interests: ['Yoga', 'Breathwork'] },
      { notificationPreferences: { messages: false } },
      { notificationPreferences: { mentions: false } },
      { privacySettings: { analytics: false } },
      { privacySettings: { share_birth_data: true } },
    ];
    const answers = await Promise.all(edits.map((edit) => call('PATCH', '/profiles/me', member.token, edit)));
    expect(answers.map((a) => a.status)).toEqual(edits.map(() => 200));
    const me = (await call('GET', '/profiles/me', member.token)).body;
    expect(me).toMatchObject({
      name: 'Ana Lua Sol',
      bio: 'From the phone',
      cityId: LISBON,
      location: 'Lisbon, Portugal',
      languagesSpoken: ['pt', 'en'],
      interests: ['Yoga', 'Breathwork'],
      // Each request changed one key of the same object: both kept (merged under the row lock).
      notificationPreferences: { messages: false, mentions: false, push_notifications: true },
      privacySettings: { analytics: false, share_birth_data: true, location_sharing: true },
    });
  });

  it('a PATCH and a photo change at once both apply', async () => {
    const member = await newMember();
    const photo = await photoOf(member.userId);
    const photoId = photo.slice(`${API}/photos/`.length, -'.jpg'.length);
    const [edit, set] = await Promise.all([
      call('PATCH', '/profiles/me', member.token, { bio: 'New intro' }),
      call('PUT', '/profiles/me/photo', member.token, { photoId }),
    ]);
    expect([edit.status, set.status]).toEqual([200, 200]);
    expect((await call('GET', '/profiles/me', member.token)).body).toMatchObject({
      bio: 'New intro',
      imageUrl: photo,
    });
  });

  it('concurrent draft saves leave one whole draft, never a mix', async () => {
    const member = await newMember();
    const drafts = [1, 2, 3, 4, 5].map((n) => ({
      step: n,
      startedAt: new Date().toISOString(),
      data: { name: `Name ${n}`, bio: `Bio ${n}`, interests: [`Interest ${n}`] },
    }));
    const answers = await Promise.all(drafts.map((d) => call('PUT', '/onboarding/draft', member.token, d)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const stored = (await call('GET', '/onboarding/draft', member.token)).body;
    const n = stored.step as number;
    expect(stored.data).toEqual({ name: `Name ${n}`, bio: `Bio ${n}`, interests: [`Interest ${n}`] });
  });
});
