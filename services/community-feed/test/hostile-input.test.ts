import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileValues } from '@mer/service-runtime/testing';
import { communityFeedRoutes, type RouteDefinition } from '@mer/contracts';
import { call, member, startFeed, type FeedHarness, type Method, type TestMember } from './harness.ts';

// Random and hostile bodies, queries and ids thrown at every route of community-feed, by a paid member whose
// post, comment, album and photo exist: every answer is a 2xx or a 4xx in the error format, never a 500.

let h: FeedHarness;
let who: TestMember;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startFeed();
  who = await member(h);
  ids.postId = (
    await call(h, 'POST', '/posts', { who, body: { content: 'hello', topic: 'general' } })
  ).body.id;
  ids.commentId = (
    await call(h, 'POST', `/posts/${ids.postId}/comments`, { who, body: { content: 'hi' } })
  ).body.id;
  ids.albumId = (await call(h, 'POST', '/albums', { who, body: { title: 'An album' } })).body.id;
  ids.discussionId = (
    await call(h, 'POST', '/discussions', { who, body: { title: 'A talk', body: 'words' } })
  ).body.id;
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
  return fc.oneof(fc.record(record, { requiredKeys: [] }), hostileValue);
}

const jsonRoutes = Object.values(communityFeedRoutes).filter(
  (r) => !('rawBody' in r) && r.access.kind !== 'public',
);

describe('hostile input', () => {
  for (const route of jsonRoutes) {
    it(`${route.method} ${route.path} answers 2xx or 4xx, never 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(route), fc.boolean(), nastyString, async (body, realIds, rawJunk) => {
          // Lone surrogates cannot be percent-encoded: the test's URL would be broken, not the service.
          const junk = rawJunk.replace(/[\ud800-\udfff]/g, '?');
          const url = route.path
            .replace('/api/v1/community-feed', '')
            .replace(/:(\w+)/g, (_m, name: string) =>
              realIds ? (ids[name] ?? who.id) : encodeURIComponent(junk || 'x'),
            );
          const query =
            route.method === 'GET'
              ? `?cursor=${encodeURIComponent(junk)}&limit=${encodeURIComponent(junk)}`
              : '';
          const res = await call(h, route.method as Method, `${url}${query}`, {
            who,
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body }),
          });
          expect(
            res.status,
            `${route.method} ${url}${query} ${JSON.stringify(body)?.slice(0, 200)}`,
          ).toBeLessThan(500);
          if (res.status >= 400) expect(res.body.error.code).toBeTypeOf('string');
        }),
        { numRuns: 15 },
      );
    }, 60_000);
  }
});
