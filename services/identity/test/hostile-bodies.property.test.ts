import { identityRoutes, type RouteDefinition } from '@mer/contracts';
import { createTestInfra, hostileValues, type TestInfra } from '@mer/service-runtime/testing';
import type { TObject } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation } from '../src/index.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Client,
  isErrorBody,
  signupBody,
  startIdentity,
  type IdentityUnderTest,
} from './support.ts';

const RUNS = Number(process.env.MER_PROPERTY_RUNS ?? 30);

const { hugeString, nastyString, hostileString, hostileKey, hostileValue } = hostileValues();

/** Objects shaped like the route's body, with each field missing, right, or of any wrong type. */
function shapedBody(route: RouteDefinition): fc.Arbitrary<unknown> {
  const keys = Object.keys((route.body as TObject | undefined)?.properties ?? {});
  const field = fc.oneof(hostileValue, fc.string({ maxLength: 40 }), nastyString);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) record[key] = field;
  return fc
    .tuple(fc.record(record, { requiredKeys: [] }), fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 }))
    .map(([fields, extra]) => Object.assign(Object.create(null), fields, extra));
}

const prototypePollution = fc.constantFrom(
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"code":"X","__proto__":{"isAdmin":true}}',
  '{"identifier":"a","password":"b","__proto__":{"rememberMe":true}}',
);
const brokenJson = fc.constantFrom(
  '{',
  '{"a":',
  'nul',
  '[1,2',
  '{"a":1}}',
  '\u0000',
  '{"a":"\\uD800"}',
  ' ',
  '""',
  '[]',
  'null',
  '0',
  'true',
  '"text"',
);

/** encodeURIComponent refuses lone surrogates; raw malformed escapes are tested separately. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

interface HostileRequest {
  rawBody?: string;
  contentType: string;
  auth: 'none' | 'garbage' | 'member' | 'admin';
  params: string[];
}

function hostileRequest(route: RouteDefinition): fc.Arbitrary<HostileRequest> {
  const paramCount = (route.path.match(/:[a-zA-Z]+/g) ?? []).length;
  const bodyText = fc.oneof(
    { weight: 4, arbitrary: shapedBody(route).map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: prototypePollution },
    { weight: 1, arbitrary: brokenJson },
    { weight: 1, arbitrary: hugeString },
  );
  return fc.record({
    rawBody:
      route.method === 'GET' ? fc.constant(undefined) : fc.option(bodyText, { nil: undefined, freq: 6 }),
    contentType: fc.constantFrom(
      'application/json',
      'application/json',
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
    ),
    auth: fc.constantFrom('none', 'garbage', 'member', 'admin'),
    params: fc.array(
      fc.oneof(
        hostileString.filter((s) => s.length < 3000),
        fc.uuid(),
      ),
      { minLength: paramCount, maxLength: paramCount },
    ),
  });
}

describe('every identity route under random and hostile input', () => {
  let infra: TestInfra;
  let identity: IdentityUnderTest;
  let client: Client;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    infra = await createTestInfra();
    identity = await startIdentity(infra);
    client = new Client(identity.url, '100.64.0.1');
    const invitation = await createInvitation(identity.running.context, { source: 'operator', maxUses: 5 });
    const member = await client.post(
      '/api/v1/identity/signup',
      signupBody({ invitationCode: invitation.code }),
    );
    tokens.member = member.body.accessToken;
    tokens.admin = (await client.logIn(ADMIN_EMAIL, ADMIN_PASSWORD)).body.accessToken;
    tokens.garbage = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
  });
  afterAll(async () => {
    await identity?.stop();
    await infra?.close();
  });

  // Deleting the member comes last so the other routes keep seeing a live account.
  const routes = Object.values(identityRoutes).sort(
    (a, b) => Number(a === identityRoutes.deleteAccount) - Number(b === identityRoutes.deleteAccount),
  );

  for (const route of routes) {
    it(`${route.method} ${route.path} never answers 5xx and always in the error format`, async () => {
      const successChecks = Object.fromEntries(
        Object.entries(route.response).map(([status, schema]) => [status, TypeCompiler.Compile(schema)]),
      );
      await fc.assert(
        fc.asyncProperty(hostileRequest(route), async (req) => {
          let index = 0;
          const path = route.path.replace(/:[a-zA-Z]+/g, () =>
            encodeURIComponent(wellFormed(req.params[index++] ?? '')),
          );
          const reply = await client.call(route.method, path, {
            ...(req.rawBody !== undefined ? { rawBody: req.rawBody, contentType: req.contentType } : {}),
            token: req.auth === 'none' ? null : (tokens[req.auth] ?? null),
          });
          expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
          if (reply.status >= 400) {
            expect(isErrorBody(reply.body), JSON.stringify(reply.body)).toBe(true);
          } else if (reply.status !== 204) {
            expect(
              successChecks[reply.status]?.Check(reply.body),
              `${reply.status} ${JSON.stringify(reply.body)}`,
            ).toBe(true);
          }
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('left no trace of prototype pollution in the process', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'rememberMe')).toBe(false);
  });

  it('answers malformed and over-long URLs in the error format', async () => {
    for (const param of ['%E0%A4%A', '%ED%A0%80', '%00', '%', 'a'.repeat(5000), '..%2F..%2F']) {
      for (const path of [
        `/api/v1/identity/usernames/${param}/availability`,
        `/api/v1/identity/users/${param}/permissions`,
      ]) {
        const reply = await client.get(path, { token: tokens.admin });
        expect(reply.status, path).toBeLessThan(500);
        if (reply.status >= 400) expect(isErrorBody(reply.body), JSON.stringify(reply.body)).toBe(true);
        else expect(reply.body, path).toMatchObject({ available: false });
      }
    }
  });

  it('refuses an oversized body as Request Too Large', async () => {
    const reply = await client.post('/api/v1/identity/waiting-list', undefined, {
      rawBody: JSON.stringify({ name: 'x'.repeat(100_000), email: 'a@b.c' }),
    });
    expect(reply.status).toBe(413);
    expect(reply.body.error.title).toBe('Request Too Large');
  });
});
