import { createTestInfra, type TestInfra } from '@mer/service-runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation } from '../src/index.ts';
import { Client, isErrorBody, signupBody, startIdentity, type IdentityUnderTest } from './support.ts';

const LOGIN = '/api/v1/identity/sessions';

/** Limits are configurable; the test uses small ones (the defaults: 100/hour per account, 30/15 min per IP). */
describe('login throttling', () => {
  let infra: TestInfra;
  let identity: IdentityUnderTest;
  const accounts: { username: string; password: string }[] = [];

  beforeAll(async () => {
    infra = await createTestInfra();
    identity = await startIdentity(infra, {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
      LOGIN_ACCOUNT_WINDOW_SECONDS: '3600',
      LOGIN_MAX_FAILURES_PER_IP: '5',
      LOGIN_IP_WINDOW_SECONDS: '900',
    });
    const invitation = await createInvitation(identity.running.context, { source: 'operator', maxUses: 10 });
    for (let i = 0; i < 3; i++) {
      const body = signupBody({ invitationCode: invitation.code });
      expect(
        (await new Client(identity.url, `10.0.0.${i}`).post('/api/v1/identity/signup', body)).status,
      ).toBe(201);
      accounts.push({ username: body.username, password: body.password });
    }
  });
  afterAll(async () => {
    await identity?.stop();
    await infra?.close();
  });

  it('locks an account after its failures, whatever IPs they came from, until the window ends', async () => {
    const { username, password } = accounts[0]!;
    for (let i = 0; i < 3; i++) {
      const reply = await new Client(identity.url, `172.16.0.${i}`).post(LOGIN, {
        identifier: username,
        password: 'wrong-guess',
      });
      expect(reply.status).toBe(401);
    }
    // Even the right password is refused now, from anywhere.
    const locked = await new Client(identity.url, '172.16.1.1').post(LOGIN, {
      identifier: username,
      password,
    });
    expect(locked.status).toBe(429);
    expect(isErrorBody(locked.body)).toBe(true);
    expect(locked.body.error).toMatchObject({
      code: 'too_many_requests',
      title: 'Too Many Requests',
      retryable: true,
    });
    const retryAfter = locked.body.error.details.retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(Number(locked.headers.get('retry-after'))).toBe(retryAfter);

    // Other accounts are not affected.
    const other = await new Client(identity.url, '172.16.1.2').post(LOGIN, {
      identifier: accounts[1]!.username,
      password: accounts[1]!.password,
    });
    expect(other.status).toBe(200);
  });

  it('locks a client IP after its failures across accounts; a success in between resets nothing', async () => {
    const attacker = new Client(identity.url, '203.0.113.99');
    for (let i = 0; i < 2; i++)
      expect((await attacker.post(LOGIN, { identifier: `ghost-${i}`, password: 'guess' })).status).toBe(401);
    // A real login from the same IP succeeds but does not wipe the IP's failures.
    expect(
      (await attacker.post(LOGIN, { identifier: accounts[2]!.username, password: accounts[2]!.password }))
        .status,
    ).toBe(200);
    for (let i = 2; i < 5; i++)
      expect((await attacker.post(LOGIN, { identifier: `ghost-${i}`, password: 'guess' })).status).toBe(401);

    const blocked = await attacker.post(LOGIN, {
      identifier: accounts[2]!.username,
      password: accounts[2]!.password,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.details.retryAfterSeconds).toBeGreaterThan(800);

    const elsewhere = new Client(identity.url, '203.0.113.100');
    expect(
      (await elsewhere.post(LOGIN, { identifier: accounts[2]!.username, password: accounts[2]!.password }))
        .status,
    ).toBe(200);
  });

  it('counts wrong current passwords in the account settings against the same limits', async () => {
    const { username, password } = accounts[1]!;
    const member = new Client(identity.url, '198.18.0.1');
    expect((await member.logIn(username, password)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const wrong = await member.post('/api/v1/identity/me/password', {
        currentPassword: 'guess',
        newPassword: 'abcdefg',
        confirmPassword: 'abcdefg',
      });
      expect(wrong.status).toBe(400);
    }
    const locked = await member.post('/api/v1/identity/me/password', {
      currentPassword: password,
      newPassword: 'abcdefg',
      confirmPassword: 'abcdefg',
    });
    expect(locked.status).toBe(429);
  });
});
