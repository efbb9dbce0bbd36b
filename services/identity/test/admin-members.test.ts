import { randomUUID } from 'node:crypto';
import { AdminModerationDecided } from '@mer/contracts';
import { createTestInfra, eventEnvelope, eventually, type TestInfra } from '@mer/service-runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Client,
  PublishedEvents,
  isErrorBody,
  signupBody,
  startIdentity,
  type IdentityUnderTest,
} from './support.ts';

const ID = '/api/v1/identity';

/**
 * The Admin Panel's member, invitation and waiting-list tools against real PostgreSQL and NATS: each change is
 * answered with the member's account after it and published for the audit trail with before and after.
 */
describe('identity admin tools', () => {
  let infra: TestInfra;
  let identity: IdentityUnderTest;
  let events: PublishedEvents;
  let admin: Client;
  let adminId: string;

  async function newMember(): Promise<{ client: Client; id: string; body: ReturnType<typeof signupBody> }> {
    const invite = await admin.post(`${ID}/admin/invitations`, { maxUses: 1 });
    const body = signupBody({ invitationCode: invite.body.code });
    const client = new Client(identity.url, `198.51.100.${Math.floor(Math.random() * 200) + 20}`);
    const signup = await client.post(`${ID}/signup`, body);
    expect(signup.status).toBe(201);
    client.accessToken = signup.body.accessToken;
    return { client, id: signup.body.user.id, body };
  }

  beforeAll(async () => {
    infra = await createTestInfra();
    events = await PublishedEvents.listen(infra);
    identity = await startIdentity(infra);
    admin = new Client(identity.url, '198.51.100.1');
    const login = await admin.logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(login.status).toBe(200);
    adminId = login.body.user.id;
  });

  afterAll(async () => {
    await events?.stop();
    await identity?.stop();
    await infra?.close();
  });

  it('lists and searches members on the server, paged and filtered by role and status', async () => {
    const a = await newMember();
    await newMember();
    const all = await admin.get(`${ID}/admin/members?limit=1`);
    expect(all.status).toBe(200);
    expect(all.body.members).toHaveLength(1);
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    const found = await admin.get(
      `${ID}/admin/members?q=${encodeURIComponent(a.body.username.toUpperCase())}`,
    );
    expect(found.body.members.map((m: { id: string }) => m.id)).toEqual([a.id]);
    const admins = await admin.get(`${ID}/admin/members?role=admin`);
    expect(admins.body.members.map((m: { id: string }) => m.id)).toEqual([adminId]);
    expect(admins.body.members[0].isAdmin).toBe(true);
    const wildcard = await admin.get(`${ID}/admin/members?q=${encodeURIComponent('%_')}`);
    expect(wildcard.body.members).toEqual([]);
    const bad = await admin.get(`${ID}/admin/members?status=banned&limit=1000`);
    expect(bad.status).toBe(400);
    expect(isErrorBody(bad.body)).toBe(true);
  });

  it('refuses members without the permission', async () => {
    const m = await newMember();
    const refused = await m.client.get(`${ID}/admin/members`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.title).toBe('Permission Denied');
    const grant = await m.client.call('PUT', `${ID}/admin/members/${m.id}/permissions/system_admin`);
    expect(grant.status).toBe(403);
  });

  it('grants and revokes a permission: the member holds it at the next token, and the change is published', async () => {
    const m = await newMember();
    const granted = await admin.call('PUT', `${ID}/admin/members/${m.id}/permissions/users_update`);
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({
      grantedPermissions: ['users_update'],
      permissions: ['users_update'],
    });
    const published = await events.next(
      'identity.admin.action-taken.v1',
      (p: { targetId: string; action: string }) => p.targetId === m.id && p.action === 'permission.granted',
    );
    expect(published.payload).toMatchObject({
      actorId: adminId,
      targetType: 'member',
      before: { grantedPermissions: [] },
      after: { grantedPermissions: ['users_update'] },
    });
    const again = await m.client.logIn(m.body.email, m.body.password);
    expect(again.body.user.permissions).toEqual(['users_update']);
    // With users_update the member now reads the member list.
    expect((await m.client.get(`${ID}/admin/members`)).status).toBe(200);

    const revoked = await admin.delete(`${ID}/admin/members/${m.id}/permissions/users_update`);
    expect(revoked.body.grantedPermissions).toEqual([]);
    const unknown = await admin.call('PUT', `${ID}/admin/members/${m.id}/permissions/rule_the_world`);
    expect(unknown.status).toBe(400);
    const nobody = await admin.call('PUT', `${ID}/admin/members/${randomUUID()}/permissions/users_update`);
    expect(nobody.status).toBe(404);
  });

  it('sets the admin record, a community role and the facilitator flag, announcing roles', async () => {
    const m = await newMember();
    const record = await admin.call('PUT', `${ID}/admin/members/${m.id}/admin-record`, {
      body: { active: true },
    });
    expect(record.body.isAdmin).toBe(true);
    const role = await admin.call('PUT', `${ID}/admin/members/${m.id}/roles/mentor`, {
      body: { held: true },
    });
    expect(role.body.roles).toEqual(['member', 'mentor']);
    await events.next(
      'identity.user.roles-changed.v1',
      (p: { userId: string; roles: string[] }) => p.userId === m.id && p.roles.includes('mentor'),
    );
    const notARole = await admin.call('PUT', `${ID}/admin/members/${m.id}/roles/admin`, {
      body: { held: true },
    });
    expect(notARole.status).toBe(400);
    const facilitator = await admin.call('PUT', `${ID}/admin/members/${m.id}/facilitator`, {
      body: { facilitator: true },
    });
    expect(facilitator.body.facilitator).toBe(true);
    const account = await admin.get(`${ID}/admin/members/${m.id}`);
    expect(account.body).toMatchObject({ isAdmin: true, facilitator: true, roles: ['member', 'mentor'] });
    expect(account.body.activeSessions).toBe(1);
  });

  it('suspends a member: sessions end at once, log-in is refused with a clear message; unsuspend lets them in', async () => {
    const m = await newMember();
    const suspended = await admin.call('PUT', `${ID}/admin/members/${m.id}/suspension`, {
      body: { suspended: true },
    });
    expect(suspended.body).toMatchObject({ suspended: true, activeSessions: 0 });
    await events.next(
      'identity.sessions.revoked.v1',
      (p: { userId: string; reason: string }) => p.userId === m.id && p.reason === 'admin_suspended',
    );
    expect((await m.client.post(`${ID}/sessions/refresh`)).status).toBe(401);
    const login = await m.client.logIn(m.body.email, m.body.password);
    expect(login.status).toBe(403);
    expect(login.body.error.message).toBe(
      'Your account has been suspended. Please contact an administrator.',
    );
    const wrongPassword = await m.client.logIn(m.body.email, 'not-the-password');
    expect(wrongPassword.status).toBe(401);
    const filtered = await admin.get(`${ID}/admin/members?status=suspended`);
    expect(filtered.body.members.map((x: { id: string }) => x.id)).toContain(m.id);

    await admin.call('PUT', `${ID}/admin/members/${m.id}/suspension`, { body: { suspended: false } });
    expect((await m.client.logIn(m.body.email, m.body.password)).status).toBe(200);
  });

  it('ends one member’s sessions and deletes an account through the deletion flow', async () => {
    const m = await newMember();
    const ended = await admin.post(`${ID}/admin/members/${m.id}/sessions/revoke`);
    expect(ended.body.revokedSessions).toBe(1);
    await events.next(
      'identity.sessions.revoked.v1',
      (p: { userId: string; reason: string }) => p.userId === m.id && p.reason === 'admin_revoked',
    );
    const deleted = await admin.delete(`${ID}/admin/members/${m.id}`);
    expect(deleted.status).toBe(200);
    await events.next('identity.user.deleted.v1', (p: { userId: string }) => p.userId === m.id);
    await events.next(
      'identity.admin.action-taken.v1',
      (p: { targetId: string; action: string }) => p.targetId === m.id && p.action === 'member.deleted',
    );
    expect((await admin.get(`${ID}/admin/members/${m.id}`)).status).toBe(404);
  });

  it('lists invitation codes with their usage and disables one', async () => {
    const created = await admin.post(`${ID}/admin/invitations`, { maxUses: 3, discountPercent: 20 });
    const list = await admin.get(`${ID}/admin/invitations?limit=100`);
    expect(list.body.invitations).toContainEqual(
      expect.objectContaining({ code: created.body.code, maxUses: 3, usesCount: 0, discountPercent: 20 }),
    );
    const disabled = await admin.post(`${ID}/admin/invitations/${created.body.code.toLowerCase()}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabledAt).not.toBeNull();
    const check = await admin.post(
      `${ID}/invitations/validate`,
      { code: created.body.code },
      { token: null },
    );
    expect(check.body.valid).toBe(false);
    expect((await admin.post(`${ID}/admin/invitations/NOPE1234/disable`)).status).toBe(404);
  });

  it('invites someone from the waiting list with a fresh code sent by e-mail', async () => {
    const email = `wait.${randomUUID().slice(0, 6)}@example.org`;
    await admin.post(`${ID}/waiting-list`, { name: 'Ada Wait', email }, { token: null });
    const list = await admin.get(`${ID}/admin/waiting-list?limit=100`);
    const entry = list.body.entries.find((e: { email: string }) => e.email === email);
    expect(entry).toMatchObject({ status: 'pending', name: 'Ada Wait' });
    const invited = await admin.post(`${ID}/admin/waiting-list/${entry.id}/invite`);
    expect(invited.body.entry.status).toBe('invited');
    const mail = await events.next<{ email: string; invitationCode: string }>(
      'identity.waiting-list.invited.v1',
      (p) => p.email === email,
    );
    expect(mail.payload.invitationCode).toBe(invited.body.invitation.code);
    const check = await admin.post(
      `${ID}/invitations/validate`,
      { code: mail.payload.invitationCode },
      { token: null },
    );
    expect(check.body.valid).toBe(true);
  });

  it('suspends the member of a moderation decision to suspend, once even when delivered twice', async () => {
    const m = await newMember();
    const decision = eventEnvelope(AdminModerationDecided, {
      decisionId: randomUUID(),
      itemId: randomUUID(),
      service: 'social-graph',
      targetType: 'member',
      targetId: m.id,
      authorId: m.id,
      action: 'suspend',
      note: null,
      decidedBy: adminId,
      decidedAt: new Date().toISOString(),
      reporterIds: [],
      reporterMessage: 'Thank you for your report.',
      authorMessage: 'Your account has been suspended.',
    });
    await infra.bus.publish(decision);
    await infra.bus.publish(decision);
    await eventually(async () => {
      const account = await admin.get(`${ID}/admin/members/${m.id}`);
      return account.body.suspended === true ? account : undefined;
    });
    expect((await m.client.logIn(m.body.email, m.body.password)).status).toBe(403);
    await eventually(() =>
      events.of('identity.sessions.revoked.v1', (p: { userId: string }) => p.userId === m.id).length === 1
        ? true
        : undefined,
    );
    expect(events.contractViolations).toEqual([]);
  });
});
