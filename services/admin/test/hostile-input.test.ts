import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileValues } from '@mer/service-runtime/testing';
import { adminRoutes, type RouteDefinition } from '@mer/contracts';
import { call, startAdminHarness, type AdminHarness, type Method } from './harness.ts';

// Random and hostile bodies, queries and ids thrown at every route of admin by an admin: every answer is a 2xx or a
// 4xx in the error format, never a 500.

let h: AdminHarness;
let admin: string;

beforeAll(async () => {
  h = await startAdminHarness({ SECURITY_BATCHES_PER_MINUTE: '10000' });
  admin = await h.tokens.token({ perms: ['system_admin'] });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const { hostileValue, nastyString } = hostileValues();

function bodyFor(route: RouteDefinition): fc.Arbitrary<unknown> {
  const props = Object.keys(
    (route.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {},
  );
  const field = fc.oneof(hostileValue, nastyString, fc.string({ maxLength: 40 }));
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of props) record[p] = field;
  // A browser batch with hostile events inside, too.
  const events = fc.array(
    fc.record(
      {
        type: fc.oneof(field, fc.constant('page_hidden')),
        description: field,
        details: field,
        occurredAt: field,
      },
      {
        requiredKeys: [],
      },
    ),
    { maxLength: 3 },
  );
  return fc.oneof(fc.record(record, { requiredKeys: [] }), fc.record({ events }), hostileValue);
}

describe('hostile input', () => {
  for (const route of Object.values(adminRoutes) as RouteDefinition[]) {
    it(`${route.method} ${route.path} answers 2xx or 4xx, never 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(route), fc.boolean(), nastyString, async (body, realId, rawJunk) => {
          const junk = rawJunk.replace(/[\ud800-\udfff]/g, '?');
          const url = route.path.replace(/:(\w+)/g, () =>
            realId ? randomUUID() : encodeURIComponent(junk || 'x'),
          );
          const query =
            route.method === 'GET'
              ? `?limit=${encodeURIComponent(junk)}&severity=${encodeURIComponent(junk)}&before=${encodeURIComponent(junk)}&offset=${encodeURIComponent(junk)}`
              : '';
          const res = await call(h, route.method as Method, `${url}${query}`, {
            token: admin,
            ...(route.method === 'GET' ? {} : { body }),
          });
          expect(
            res.status,
            `${route.method} ${url}${query} ${JSON.stringify(body)?.slice(0, 200)}`,
          ).toBeLessThan(500);
          if (res.status >= 400) expect(res.body.error.code).toBeTypeOf('string');
        }),
        { numRuns: 40 },
      );
    }, 60_000);
  }
});
