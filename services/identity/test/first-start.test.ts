import { UserRolesChanged, type EventEnvelope } from '@mer/contracts';
import { assertValidEvent, createTokenVerifier } from '@mer/service-runtime';
import { createTestInfra, type TestInfra } from '@mer/service-runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, formatBootstrapAnnouncement } from '../src/index.ts';
import { ADMIN_EMAIL, Client, startIdentity, type IdentityUnderTest } from './support.ts';

/** What a newcomer gets on the first start, and what two replicas starting together agree on. */
describe('first start', () => {
  let infra: TestInfra;
  const started: IdentityUnderTest[] = [];

  beforeAll(async () => {
    infra = await createTestInfra();
  });
  afterAll(async () => {
    for (const s of started) await s.stop();
    await infra?.close();
  });

  it('two replicas starting together create one admin, one signing key and one bootstrap code', async () => {
    const schema = infra.schemaFor('identity');
    const env = { ADMIN_PASSWORD: '' }; // unset: a random password is generated
    const replicas = await Promise.all([
      startIdentity(infra, env, schema),
      startIdentity(infra, env, schema),
    ]);
    started.push(...replicas);
    const [a, b] = replicas as [IdentityUnderTest, IdentityUnderTest];

    const admins = await a.db
      .selectFrom('user_roles')
      .select('user_id')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
    const adminRecord = await a.db.selectFrom('admin_users').selectAll().executeTakeFirstOrThrow();
    expect(adminRecord).toMatchObject({ user_id: admins[0]!.user_id, is_active: true });
    // Announced like any sign-up, once, so other services keep a copy of the admin too.
    const announced = await a.running.context.database.db
      .selectFrom('outbox')
      .select('envelope')
      .where('subject', '=', 'identity.user.registered.v1')
      .execute();
    expect(announced.map((r) => (r.envelope as { payload: { userId: string } }).payload.userId)).toEqual([
      admins[0]!.user_id,
    ]);
    // Its admin role and record follow as their own event (registration implies only `member`).
    const rolesAnnounced = await a.running.context.database.db
      .selectFrom('outbox')
      .select('envelope')
      .where('subject', '=', UserRolesChanged.subject)
      .execute();
    expect(rolesAnnounced).toHaveLength(1);
    const rolesEvent = rolesAnnounced[0]!.envelope as EventEnvelope;
    assertValidEvent(UserRolesChanged, rolesEvent);
    expect(rolesEvent.payload).toEqual({
      userId: admins[0]!.user_id,
      roles: ['admin', 'member'],
      isAdmin: true,
    });
    const keys = await a.db.selectFrom('signing_keys').select(['kid', 'active']).execute();
    expect(keys.filter((k) => k.active)).toHaveLength(1);
    const codes = await a.db
      .selectFrom('invitation_codes')
      .selectAll()
      .where('source', '=', 'bootstrap')
      .execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]!.max_uses).toBe(10);

    // Either replica's tokens verify on the other and with the published key set.
    const invitation = codes[0]!.code;
    const signup = await new Client(a.url).post('/api/v1/identity/signup', {
      invitationCode: invitation,
      name: 'Replica Test',
      username: 'replica-test',
      email: 'replica@example.org',
      password: 'replica-pass',
      confirmPassword: 'replica-pass',
    });
    expect(signup.status).toBe(201);
    const me = await new Client(b.url).get('/api/v1/identity/me', { token: signup.body.accessToken });
    expect(me.status).toBe(200);
    const jwks = (await new Client(b.url).get('/api/v1/identity/.well-known/jwks.json')).body;
    await expect(createTokenVerifier({ jwks }).verify(signup.body.accessToken)).resolves.toMatchObject({
      sub: me.body.id,
    });
  });

  it('prints the password only on the start that created the admin', async () => {
    const schema = infra.schemaFor('identity_fresh');
    const first = await startIdentity(infra, { ADMIN_PASSWORD: 'first-start-password' }, schema);
    started.push(first);
    const deps = first.running.deps;
    // The hook already ran once; a second run is what a restart does.
    const again = await bootstrapAdmin(deps);
    expect(again.adminCreated).toBe(false);
    expect(again.adminPassword).toBeUndefined();
    expect(again.adminEmail).toBe(ADMIN_EMAIL);
    const later = formatBootstrapAnnouncement(again, 'http://localhost:8080');
    expect(later).not.toMatch(/password/i);
    expect(later).toContain(again.invitationCode);
    expect(later).toContain(ADMIN_EMAIL);

    // The same code is shown again while it has uses left: restarts do not pile up codes.
    const codes = await first.db
      .selectFrom('invitation_codes')
      .select('code')
      .where('source', '=', 'bootstrap')
      .execute();
    expect(codes.map((c) => c.code)).toEqual([again.invitationCode]);

    const login = await new Client(first.url).logIn(ADMIN_EMAIL, 'first-start-password');
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({
      username: 'mer-admin',
      name: 'MER Admin',
      roles: ['admin', 'member'],
      isAdmin: true,
    });

    const announcement = formatBootstrapAnnouncement(
      {
        adminCreated: true,
        adminEmail: ADMIN_EMAIL,
        adminPassword: 'shown-once',
        invitationCode: 'ABCD2345',
        invitationUsesLeft: 10,
      },
      'http://localhost:8080/',
    );
    expect(announcement).toContain('shown-once');
    expect(announcement).toContain('http://localhost:8080/signup');
  });
});
