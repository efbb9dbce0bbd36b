import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { billing, identity, profileOnboarding } from '@mer/contracts/browser';
import type { MembershipPlanList } from '@mer/contracts';
import { call, routeKey, routeUrl } from './call.ts';
import { ApiError } from './errors.ts';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body?: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('routeUrl', () => {
  it('fills in path params (encoded) and appends the query, leaving out empty values', () => {
    expect(routeUrl('/api/v1/x/:userId/chart', { userId: 'a b/c' })).toBe('/api/v1/x/a%20b%2Fc/chart');
    expect(routeUrl('/api/v1/x', undefined, { q: 'Köln', limit: 5, none: undefined })).toBe(
      '/api/v1/x?q=K%C3%B6ln&limit=5',
    );
    expect(routeUrl('/api/v1/x', undefined, {})).toBe('/api/v1/x');
  });

  it('refuses a route whose path param is missing', () => {
    expect(() => routeUrl('/api/v1/x/:id', {})).toThrow(/missing path parameter id/);
  });
});

describe('call', () => {
  it("sends a public route's JSON body without a token and returns the typed answer", async () => {
    const fetch = answer(200, { valid: true, discount: null });
    const result = await call(identity.validateInvitation, { body: { code: 'ABC' } });
    expect(result).toEqual({ valid: true, discount: null });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/identity/invitations/validate');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"code":"ABC"}');
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('fills in path params and maps errors by the catalogue', async () => {
    const fetch = answer(404);
    const error = await call(identity.usernameAvailability, { params: { username: 'luna' } }).catch((e) => e);
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/identity/usernames/luna/availability');
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('item_not_found');
  });

  it('types inputs and answers from the contract', () => {
    const listPlans = () => call(billing.listPlans);
    expectTypeOf(listPlans).returns.resolves.toEqualTypeOf<MembershipPlanList>();
    // @ts-expect-error the route has path params, so they are required
    void (() => call(profileOnboarding.publicProfile, {}));
    // @ts-expect-error a body the contract does not declare
    void (() => call(billing.createCheckout, { body: { plan: 'x' } }));
  });
});

describe('routeKey', () => {
  it('is the contract path, then the params and query when given', () => {
    expect(routeKey(billing.myMembership)).toEqual(['/api/v1/billing/memberships/me']);
    expect(routeKey(profileOnboarding.publicProfile, { params: { userId: 'u1' } })).toEqual([
      '/api/v1/profile-onboarding/profiles/:userId',
      { params: { userId: 'u1' }, query: undefined },
    ]);
  });
});
