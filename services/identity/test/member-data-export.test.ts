import type { IdentityDataExport } from '@mer/contracts';
import { createTestInfra, type TestInfra } from '@mer/service-runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  OPERATOR_KEY,
  isErrorBody,
  signupBody,
  startIdentity,
  type IdentityUnderTest,
} from './support.ts';

const ID = '/api/v1/identity';
const EXPORT = `${ID}/me/export`;

/** identity's part of "Download my data", against real PostgreSQL and the bus (or the embedded engines). */
describe("identity's part of Download my data", () => {
  let infra: TestInfra;
  let identity: IdentityUnderTest;
  let code: string;
  let ana: Client;
  let other: Client;
  const anaBody = signupBody({ name: 'Ana Lua' });
  const otherBody = signupBody({ name: 'Rio Mar' });
  let anaId: string;
  let otherId: string;

  beforeAll(async () => {
    infra = await createTestInfra();
    identity = await startIdentity(infra);
    ana = new Client(identity.url, '198.51.100.21');
    other = new Client(identity.url, '198.51.100.22');
    const created = await ana.post(
      `${ID}/operator/invitations`,
      { maxUses: 5, discountPercent: 15 },
      { token: null, headers: { 'x-operator-key': OPERATOR_KEY } },
    );
    code = created.body.code;
    // Ana was on the waiting list before she got a code.
    await ana.post(`${ID}/waiting-list`, { name: 'Ana Lua', email: anaBody.email });
    const signedUp = await ana.post(`${ID}/signup`, { ...anaBody, invitationCode: code });
    expect(signedUp.status).toBe(201);
    anaId = signedUp.body.user.id;
    ana.accessToken = signedUp.body.accessToken;
    const otherSignedUp = await other.post(`${ID}/signup`, { ...otherBody, invitationCode: code });
    otherId = otherSignedUp.body.user.id;
    other.accessToken = otherSignedUp.body.accessToken;
    // A second session on another device, with "remember me".
    expect((await new Client(identity.url).logIn(anaBody.username, anaBody.password, true)).status).toBe(200);
  });

  afterAll(async () => {
    await identity?.stop();
    await infra?.close();
  });

  it("holds the member's account, invitation, roles, sessions and waiting-list entry, and nobody else's", async () => {
    const reply = await ana.get<IdentityDataExport>(EXPORT);
    expect(reply.status).toBe(200);
    const part = reply.body;
    expect(part).toMatchObject({ service: 'identity', version: 1 });
    expect(Date.parse(part.exportedAt)).not.toBeNaN();
    expect(part.data.account).toMatchObject({
      id: anaId,
      name: 'Ana Lua',
      username: anaBody.username,
      email: anaBody.email,
      emailConfirmedAt: null,
    });
    expect(part.data.invitation).toEqual({ code, discountPercent: 15 });
    expect(part.data.roles).toEqual(['member']);
    expect(part.data.isAdmin).toBe(false);
    expect(part.data.sessions).toHaveLength(2);
    expect(part.data.sessions.map((s) => s.rememberMe).sort()).toEqual([false, true]);
    expect(part.data.waitingList).toEqual([
      expect.objectContaining({ email: anaBody.email, name: 'Ana Lua' }),
    ]);
    const text = JSON.stringify(part);
    expect(text).not.toContain(otherId);
    expect(text).not.toContain(otherBody.email);
    expect(text).not.toContain(otherBody.username);
  });

  it('holds no password hash, token hash, refresh token or signing key', async () => {
    const reply = await ana.get(EXPORT);
    const text = JSON.stringify(reply.body);
    const secrets = [
      ...(await identity.db
        .selectFrom('accounts')
        .select('password_hash as s')
        .where('id', '=', anaId)
        .execute()),
      ...(await identity.db
        .selectFrom('refresh_tokens')
        .innerJoin('refresh_families', 'refresh_families.id', 'refresh_tokens.family_id')
        .select('refresh_tokens.token_hash as s')
        .where('refresh_families.user_id', '=', anaId)
        .execute()),
      ...(await identity.db
        .selectFrom('email_confirmation_tokens')
        .select('token_hash as s')
        .where('user_id', '=', anaId)
        .execute()),
    ].map((row) => row.s);
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const secret of [...secrets, ana.refreshCookie!, ana.accessToken!, anaBody.password])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/argon2|password|private|hash/i);
  });

  it('refuses a caller without a valid token', async () => {
    const anonymous = await ana.get(EXPORT, { token: null });
    expect(anonymous.status).toBe(401);
    expect(isErrorBody(anonymous.body)).toBe(true);
    const forged = await ana.get(EXPORT, { token: 'not-a-token' });
    expect(forged.status).toBe(401);
  });
});
