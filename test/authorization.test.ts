import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PANEL_PERMISSIONS,
  MembershipActivated,
  routesByService,
  type RouteDefinition,
} from '@mer/contracts';
import { createTokenVerifier, startService, type RunningService } from '@mer/service-runtime';
import {
  createTestInfra,
  createTokenIssuer,
  eventEnvelope,
  type TestInfra,
  type TestTokenIssuer,
} from '@mer/service-runtime/testing';
import { startGateway, type RunningGateway } from '@mer/gateway';
import { SERVICE_DEFINITIONS } from '../infra/service-definitions.ts';

/*
 * Who may call what, generated from the contracts: EVERY route whose access is `permission`, in every service, is
 * called through the gateway by a visitor, an unpaid member, a paid member, a member holding one unrelated admin
 * permission, and a member holding each of the route's permissions alone. Only the last pass; the others get
 * 'Authentication Error' (visitor) or 'Permission Denied'. A route added to the contracts is walked with no change
 * here, and a route under /admin/ without a permission rule fails.
 *
 * Every service runs for real (real PostgreSQL, NATS and Redis when they run, else the embedded engines) with a
 * test key as the token issuer, so each persona's permissions are exactly what the test says.
 */

let infra: TestInfra;
let tokens: TestTokenIssuer;
let gateway: RunningGateway;
let photoDir: string;
const services: RunningService<any>[] = [];
let paidMemberId: string;
let identityUrl: string;
let identityDb: any;
const OPERATOR_KEY = 'authorization-test-operator-key-0123456789';

const permissionRoutes = Object.values(routesByService)
  .flatMap((routes) => Object.values(routes) as RouteDefinition[])
  .filter((route) => route.access.kind === 'permission');

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTokenIssuer();
  photoDir = await mkdtemp(join(tmpdir(), 'mer-authz-'));
  const urls: Record<string, string> = {};
  for (const definition of SERVICE_DEFINITIONS) {
    const service = await startService(definition, {
      ...infra,
      schema: infra.schemaFor(definition.name),
      verifier: tokens.verifier,
      env: { PHOTO_STORAGE_DIR: join(photoDir, definition.name), OPERATOR_KEY },
    });
    services.push(service);
    urls[definition.name] = service.url;
  }
  const identity = services.find((s) => s.context.name === 'identity')!;
  identityUrl = identity.url;
  identityDb = identity.context.db;
  // The gateway trusts both signers: identity's own key (its routes get real accounts) and the test key.
  const identityTokens = createTokenVerifier({
    jwksUrl: `${identityUrl}/api/v1/identity/.well-known/jwks.json`,
  });
  gateway = await startGateway({
    services: urls,
    verifier: { verify: (token) => identityTokens.verify(token).catch(() => tokens.verifier.verify(token)) },
    store: infra.store,
    bus: infra.bus,
    logger: infra.logger,
    rateLimits: { perIp: 1_000_000 },
  });
  // A member with an active membership, as billing announces it to every service that keeps a copy.
  paidMemberId = randomUUID();
  await infra.bus.publish(
    eventEnvelope(MembershipActivated, {
      userId: paidMemberId,
      membershipId: randomUUID(),
      planId: randomUUID(),
      planName: 'Monthly Membership',
      status: 'active',
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      cancelAtPeriodEnd: false,
      innerCircle: false,
    }),
  );
}, 180_000);

afterAll(async () => {
  await gateway?.stop();
  for (const service of services.reverse()) await service.stop();
  await infra?.close();
  if (photoDir) await rm(photoDir, { recursive: true, force: true });
});

/**
 * identity signs and verifies its own tokens (it holds the keys), so its routes get real accounts logged in, holding
 * exactly the permissions asked for through a role made for the test; every other service trusts the test key.
 */
async function tokenFor(
  route: RouteDefinition,
  persona: { perms?: string[]; paid?: boolean },
): Promise<string> {
  if (route.service !== 'identity')
    return tokens.token({ ...(persona.paid ? { sub: paidMemberId } : {}), perms: persona.perms ?? [] });
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${identityUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return (await res.json()) as any;
  };
  const invitation = await post(
    '/api/v1/identity/operator/invitations',
    { maxUses: 1 },
    { 'x-operator-key': OPERATOR_KEY },
  );
  const suffix = randomUUID().slice(0, 8);
  const account = {
    name: 'Authz Tester',
    username: `authz_${suffix}`,
    email: `authz.${suffix}@example.org`,
    password: 'calm-waters-9',
  };
  const signup = await post('/api/v1/identity/signup', {
    invitationCode: invitation.code,
    ...account,
    confirmPassword: account.password,
  });
  const userId: string = signup.user.id;
  for (const permission of persona.perms ?? []) {
    const role = `authz-${permission}`;
    await identityDb
      .insertInto('roles')
      .values({ name: role, description: 'test role' })
      .onConflict((oc: any) => oc.doNothing())
      .execute();
    await identityDb
      .insertInto('permissions')
      .values({ name: permission, description: 'test' })
      .onConflict((oc: any) => oc.doNothing())
      .execute();
    await identityDb
      .insertInto('role_permissions')
      .values({ role, permission })
      .onConflict((oc: any) => oc.doNothing())
      .execute();
    await identityDb.insertInto('user_roles').values({ user_id: userId, role }).execute();
  }
  const login = await post('/api/v1/identity/sessions', {
    identifier: account.email,
    password: account.password,
  });
  return login.accessToken;
}

async function callRoute(route: RouteDefinition, token?: string): Promise<{ status: number; body: any }> {
  const path = route.path.replace(/:(\w+)/g, () => randomUUID());
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const response = await fetch(`${gateway.url}${path}`, {
    method: route.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { body: '{}' } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? safeJson(text) : null };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An admin permission the route does not accept (or a made-up one when it accepts them all). */
function unrelatedPermission(route: RouteDefinition & { access: { kind: 'permission' } }): string {
  return ADMIN_PANEL_PERMISSIONS.find((p) => !route.access.anyOf.includes(p)) ?? 'reports_read';
}

describe('authorization of every permission route in the contracts', () => {
  it('finds the routes to walk (the admin service and identity, billing, messaging among them)', () => {
    const services = new Set(permissionRoutes.map((r) => r.service));
    for (const name of ['admin', 'identity', 'billing', 'messaging']) expect(services).toContain(name);
  });

  it("guards every service's /admin/ routes and the admin service's routes with a permission", () => {
    const all = Object.values(routesByService).flatMap(
      (routes) => Object.values(routes) as RouteDefinition[],
    );
    const unguarded = all.filter((r) => {
      const inService = r.path.slice(`/api/v1/${r.service}`.length);
      const adminOnly = inService.startsWith('/admin/') || r.service === 'admin';
      return adminOnly && r.access.kind !== 'permission' && r.access.kind !== 'operator';
    });
    // The one exception: members' browsers write the security log (log_security_event).
    expect(unguarded.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v1/admin/security-events/browser',
    ]);
  });

  for (const route of permissionRoutes) {
    const access = route.access as { kind: 'permission'; anyOf: readonly string[] };
    it(`${route.method} ${route.path}: only ${access.anyOf.join(' or ')}`, async () => {
      const visitor = await callRoute(route);
      expect(visitor.status, 'visitor').toBe(401);
      expect(visitor.body.error.title).toBe('Authentication Error');

      const refused: Array<[string, string]> = [
        ['unpaid member', await tokenFor(route, {})],
        ['paid member', await tokenFor(route, { paid: true })],
        [
          'member with an unrelated permission',
          await tokenFor(route, { perms: [unrelatedPermission(route as never)] }),
        ],
      ];
      for (const [who, token] of refused) {
        const res = await callRoute(route, token);
        expect(res.status, who).toBe(403);
        expect(res.body.error, who).toMatchObject({ code: 'permission_denied', title: 'Permission Denied' });
      }

      for (const permission of access.anyOf) {
        const res = await callRoute(route, await tokenFor(route, { perms: [permission] }));
        expect(res.status, `${permission}: ${JSON.stringify(res.body).slice(0, 200)}`).not.toBe(401);
        expect(res.body?.error?.code, permission).not.toBe('permission_denied');
        expect(res.status, permission).toBeLessThan(500);
      }
    });
  }
});
