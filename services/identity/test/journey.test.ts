import { ADMIN_PANEL_PERMISSIONS } from '@mer/contracts';
import { createTokenVerifier } from '@mer/service-runtime';
import { createTestInfra, type TestInfra } from '@mer/service-runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Client,
  OPERATOR_KEY,
  PUBLIC_URL,
  PublishedEvents,
  isErrorBody,
  signupBody,
  startIdentity,
  tokenOf,
  type IdentityUnderTest,
} from './support.ts';

const ID = '/api/v1/identity';

/**
 * One member's whole life in identity, step by step against real PostgreSQL, NATS and Redis
 * (or the embedded engines), checking every answer and every event published.
 */
describe('identity journey', () => {
  let infra: TestInfra;
  let identity: IdentityUnderTest;
  let events: PublishedEvents;
  let admin: Client;
  let member: Client;
  let code: string;
  let memberId: string;
  const newMember = signupBody({
    name: '  Mira   Sol ',
    username: 'Mira_Sol-7',
    email: 'Mira.Sol@Example.org',
  });
  let password = newMember.password;

  beforeAll(async () => {
    infra = await createTestInfra();
    events = await PublishedEvents.listen(infra);
    identity = await startIdentity(infra);
    admin = new Client(identity.url, '198.51.100.1');
    member = new Client(identity.url, '198.51.100.2');
  });

  afterAll(async () => {
    await events?.stop();
    await identity?.stop();
    await infra?.close();
  });

  it('publishes its signing keys, and its tokens verify with the runtime verifier as the gateway would', async () => {
    const jwks = await admin.get(`${ID}/.well-known/jwks.json`, { token: null });
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys).toHaveLength(1);
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwks.body.keys[0].d).toBeUndefined();

    const login = await admin.logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(login.status).toBe(200);
    const claims = await createTokenVerifier({ jwks: jwks.body }).verify(admin.accessToken!);
    expect(claims.roles).toEqual(['admin', 'member']);
    expect(claims.perms).toHaveLength(9);
    expect(claims.exp - claims.iat).toBe(600);
    expect(typeof claims.sid).toBe('string');
  });

  it('creates invitation codes with the operator key only', async () => {
    const refused = await admin.post(`${ID}/operator/invitations`, { maxUses: 2 }, { token: null });
    expect(refused.status).toBe(403);
    expect(isErrorBody(refused.body)).toBe(true);
    const wrongKey = await admin.post(
      `${ID}/operator/invitations`,
      { maxUses: 2 },
      { token: null, headers: { 'x-operator-key': 'x'.repeat(34) } },
    );
    expect(wrongKey.status).toBe(403);

    const created = await admin.post(
      `${ID}/operator/invitations`,
      { maxUses: 3, discountPercent: 20 },
      { token: null, headers: { 'x-operator-key': OPERATOR_KEY } },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ maxUses: 3, usesCount: 0, discountPercent: 20, expiresAt: null });
    expect(created.body.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    code = created.body.code;
  });

  it('validates invitation codes, upper-casing them', async () => {
    const valid = await member.post(`${ID}/invitations/validate`, { code: `  ${code.toLowerCase()} ` });
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ valid: true, code, discount: { percentOff: 20 } });

    const wrong = await member.post(`${ID}/invitations/validate`, { code: 'NOPE1234' });
    expect(wrong.body).toEqual({ valid: false, error: 'Invalid invitation code' });

    const empty = await member.post(`${ID}/invitations/validate`, { code: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Please enter an invitation code');
  });

  it('says whether a username can be taken, and why not', async () => {
    const check = async (name: string) =>
      (await member.get(`${ID}/usernames/${encodeURIComponent(name)}/availability`)).body;
    expect(await check('Admin')).toEqual({ available: false, reason: 'This username is reserved' });
    expect(await check('MER')).toEqual({ available: false, reason: 'This username is reserved' });
    expect(await check('ab')).toEqual({ available: false, reason: 'Username must be at least 3 characters' });
    expect(await check('a'.repeat(31))).toEqual({
      available: false,
      reason: 'Username must be less than 30 characters',
    });
    expect(await check('a'.repeat(30))).toEqual({ available: true });
    expect(await check('mira sol')).toEqual({
      available: false,
      reason: 'Username can only contain letters, numbers, underscores and hyphens',
    });
    expect(await check('mer-admin')).toEqual({ available: false, reason: 'This username is already taken' });
    expect(await check(newMember.username)).toEqual({ available: true });
  });

  it('refuses sign-ups that break the rules, with the spec texts', async () => {
    const attempt = async (overrides: Record<string, string>) => {
      const reply = await member.post(`${ID}/signup`, { ...newMember, invitationCode: code, ...overrides });
      expect(isErrorBody(reply.body)).toBe(true);
      return { status: reply.status, title: reply.body.error.title, message: reply.body.error.message };
    };
    expect(await attempt({ name: ' ' })).toMatchObject({ status: 400, title: 'Missing fields' });
    expect(await attempt({ password: 'abc', confirmPassword: 'abc' })).toMatchObject({
      status: 400,
      title: 'Password too short',
    });
    expect(await attempt({ confirmPassword: 'something-else' })).toMatchObject({
      status: 400,
      title: 'Passwords do not match',
    });
    expect(await attempt({ email: 'not-an-email' })).toMatchObject({
      status: 400,
      title: 'Invalid Email',
      message: 'Please enter a valid email address.',
    });
    expect(await attempt({ username: 'Support' })).toMatchObject({
      status: 400,
      message: 'This username is reserved',
    });
    expect(await attempt({ username: 'mer-admin' })).toMatchObject({
      status: 409,
      message: 'This username is already taken',
    });
    expect(await attempt({ invitationCode: 'WRONG234' })).toMatchObject({
      status: 400,
      title: 'Invalid invitation code',
    });
    expect(await attempt({ email: ADMIN_EMAIL.toUpperCase() })).toMatchObject({
      status: 409,
      title: 'Duplicate Entry',
    });
    const missingProperty = await member.post(`${ID}/signup`, { name: 'x' });
    expect(missingProperty.status).toBe(400);
    expect(isErrorBody(missingProperty.body)).toBe(true);
  });

  it('signs a member up with a session, a browser-session cookie and the registered event', async () => {
    const reply = await member.post(`${ID}/signup`, { ...newMember, invitationCode: code.toLowerCase() });
    expect(reply.status).toBe(201);
    expect(reply.body.user).toMatchObject({
      email: 'mira.sol@example.org',
      username: 'mira_sol-7',
      name: 'Mira Sol',
      emailConfirmed: false,
      roles: ['member'],
      permissions: [],
      isAdmin: false,
    });
    expect(reply.body.tokenType).toBe('Bearer');
    expect(reply.body.expiresIn).toBe(600);
    memberId = reply.body.user.id;
    member.accessToken = reply.body.accessToken;

    const cookie = reply.setCookies.find((c) => c.startsWith('mer_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/v1\/identity\/sessions/);
    expect(cookie).not.toMatch(/Max-Age/i);
    expect(member.refreshCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const registered = await events.next('identity.user.registered.v1', (p) => p.userId === memberId);
    expect(registered.payload).toMatchObject({
      email: 'mira.sol@example.org',
      username: 'mira_sol-7',
      name: 'Mira Sol',
      discountPercent: 20,
    });
    expect(registered.payload.emailConfirmationUrl).toMatch(
      new RegExp(`^${PUBLIC_URL}/confirm-email#token=[A-Za-z0-9_-]{43}$`),
    );

    const rows = await identity.db
      .selectFrom('accounts')
      .select(['password_hash'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(rows.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const invitation = await identity.db
      .selectFrom('invitation_codes')
      .select('uses_count')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(invitation.uses_count).toBe(1);
  });

  it('confirms the sign-up e-mail once', async () => {
    const registered = await events.next('identity.user.registered.v1', (p) => p.userId === memberId);
    const token = tokenOf(registered.payload.emailConfirmationUrl);
    const confirmed = await member.post(`${ID}/email-confirmations`, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email: 'mira.sol@example.org', title: 'Email confirmed' });
    await events.next(
      'identity.email.confirmed.v1',
      (p) => p.userId === memberId && p.email === 'mira.sol@example.org',
    );

    const again = await member.post(`${ID}/email-confirmations`, { token });
    expect(again.status).toBe(400);
    expect(again.body.error.title).toBe('Invalid or expired link');
    expect((await member.get(`${ID}/me`)).body.emailConfirmed).toBe(true);
  });

  it('logs in by e-mail or username; every failure gives the same answer', async () => {
    const byEmail = new Client(identity.url, '198.51.100.3');
    const remembered = await byEmail.logIn('MIRA.SOL@example.org', password, true);
    expect(remembered.status).toBe(200);
    expect(remembered.body.user.id).toBe(memberId);
    expect(remembered.setCookies.find((c) => c.startsWith('mer_refresh='))).toMatch(/Max-Age=2592000/);

    const byUsername = new Client(identity.url, '198.51.100.3');
    expect((await byUsername.logIn('Mira_Sol-7', password)).status).toBe(200);

    const wrongPassword = await byEmail.post(`${ID}/sessions`, {
      identifier: 'mira_sol-7',
      password: 'not-it',
    });
    const unknownUser = await byEmail.post(`${ID}/sessions`, {
      identifier: 'nobody-here',
      password: 'not-it',
    });
    const unknownEmail = await byEmail.post(`${ID}/sessions`, {
      identifier: 'nobody@example.org',
      password: password,
    });
    for (const failure of [wrongPassword, unknownUser, unknownEmail]) {
      expect(failure.status).toBe(401);
      expect(failure.body.error).toMatchObject({
        code: 'authentication_error',
        title: 'Login failed',
        message: 'Incorrect login details. Please check your email/username and password.',
      });
    }
  });

  it('returns the signed-in account, and nothing without a valid token', async () => {
    const me = await member.get(`${ID}/me`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: memberId, username: 'mira_sol-7', roles: ['member'] });
    expect((await member.get(`${ID}/me`, { token: null })).status).toBe(401);
    const forged = await member.get(`${ID}/me`, { token: member.accessToken!.slice(0, -4) + 'AAAA' });
    expect(forged.status).toBe(401);
    expect(forged.body.error.title).toBe('Authentication Error');
  });

  it('rotates the refresh token, and a reused one revokes the whole session', async () => {
    const browser = new Client(identity.url, '198.51.100.4');
    await browser.logIn('mira_sol-7', password);
    const first = browser.refreshCookie!;

    const rotated = await browser.post(`${ID}/sessions/refresh`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.user.id).toBe(memberId);
    const second = browser.refreshCookie!;
    expect(second).not.toBe(first);

    const thief = new Client(identity.url, '198.51.100.66');
    thief.refreshCookie = first;
    const replay = await thief.post(`${ID}/sessions/refresh`);
    expect(replay.status).toBe(401);
    expect(isErrorBody(replay.body)).toBe(true);
    expect(thief.refreshCookie).toBeUndefined(); // the cookie is cleared

    // The legitimate holder's newer token belonged to the same family: it is revoked too.
    const afterRevocation = await browser.post(`${ID}/sessions/refresh`);
    expect(afterRevocation.status).toBe(401);
    await events.next(
      'identity.sessions.revoked.v1',
      (p) => p.userId === memberId && p.reason === 'refresh_token_reuse',
    );
  });

  it('signs out: the cookie is cleared and the session cannot be refreshed', async () => {
    const browser = new Client(identity.url, '198.51.100.5');
    await browser.logIn('mira_sol-7', password);
    const cookie = browser.refreshCookie!;
    const out = await browser.delete(`${ID}/sessions/current`);
    expect(out.status).toBe(204);
    expect(out.setCookies.some((c) => c.startsWith('mer_refresh=;'))).toBe(true);
    browser.refreshCookie = cookie;
    expect((await browser.post(`${ID}/sessions/refresh`)).status).toBe(401);

    const anonymous = new Client(identity.url);
    expect((await anonymous.delete(`${ID}/sessions/current`)).status).toBe(204);
  });

  it('resets a forgotten password with a single-use link; every old session ends', async () => {
    const oldSession = new Client(identity.url, '198.51.100.6');
    await oldSession.logIn('mira_sol-7', password, true);

    const neutral = await member.post(`${ID}/password-reset`, { identifier: 'MIRA_SOL-7' });
    const unknown = await member.post(`${ID}/password-reset`, { identifier: 'nobody@example.org' });
    expect(neutral.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(neutral.body);
    expect(neutral.body.title).toBe('Reset email sent');
    expect(neutral.body.message).toMatch(/spam folder/);
    expect((await member.post(`${ID}/password-reset`, { identifier: ' ' })).body.error.title).toBe(
      'Invalid input',
    );

    const requested = await events.next('identity.password-reset.requested.v1', (p) => p.userId === memberId);
    expect(requested.payload.email).toBe('mira.sol@example.org');
    expect(requested.payload.resetUrl).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password#token=`));
    const lifetime = Date.parse(requested.payload.expiresAt) - Date.parse(requested.occurredAt);
    expect(Math.abs(lifetime - 3_600_000)).toBeLessThan(5_000);
    expect(events.of('identity.password-reset.requested.v1')).toHaveLength(1);
    const token = tokenOf(requested.payload.resetUrl);

    expect((await member.post(`${ID}/password-reset/verify`, { token })).body).toEqual({ valid: true });
    expect((await member.post(`${ID}/password-reset/verify`, { token: 'x'.repeat(43) })).body).toEqual({
      valid: false,
    });

    const problems = [
      [
        { password: '', confirmPassword: '' },
        'Missing information',
        'Please enter and confirm your new password.',
      ],
      [
        { password: 'new-secret-1', confirmPassword: 'new-secret-2' },
        "Passwords don't match",
        'Please make sure both passwords are the same.',
      ],
      [
        { password: 'abc', confirmPassword: 'abc' },
        'Password too short',
        'Password must be at least 6 characters long.',
      ],
      [
        { password: 'new-secret-1', confirmPassword: 'new-secret-1', token: 'y'.repeat(43) },
        'Invalid or expired link',
        'Please request a new password reset link.',
      ],
    ] as const;
    for (const [fields, title, message] of problems) {
      const reply = await member.post(`${ID}/password-reset/confirm`, { token, ...fields });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({ title, message });
    }

    const done = await member.post(`${ID}/password-reset/confirm`, {
      token,
      password: 'new-secret-1',
      confirmPassword: 'new-secret-1',
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      title: 'Password updated',
      message: 'Your password has been successfully updated. You can now log in with your new password.',
    });
    password = 'new-secret-1';

    const reused = await member.post(`${ID}/password-reset/confirm`, {
      token,
      password: 'other-secret',
      confirmPassword: 'other-secret',
    });
    expect(reused.body.error.title).toBe('Invalid or expired link');
    expect((await member.post(`${ID}/password-reset/verify`, { token })).body).toEqual({ valid: false });

    expect((await oldSession.post(`${ID}/sessions/refresh`)).status).toBe(401);
    expect((await member.post(`${ID}/sessions/refresh`)).status).toBe(401);
    await events.next('identity.password.changed.v1', (p) => p.userId === memberId && p.reason === 'reset');
    await events.next(
      'identity.sessions.revoked.v1',
      (p) => p.userId === memberId && p.reason === 'password_reset',
    );

    const oldPassword = await new Client(identity.url, '198.51.100.7').logIn(
      'mira_sol-7',
      newMember.password,
    );
    expect(oldPassword.status).toBe(401);
    expect((await member.logIn('mira_sol-7', password)).status).toBe(200);
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const otherDevice = new Client(identity.url, '198.51.100.8');
    await otherDevice.logIn('mira_sol-7', password);

    const wrong = await member.post(`${ID}/me/password`, {
      currentPassword: 'nope-nope',
      newPassword: 'fresh-secret-2',
      confirmPassword: 'fresh-secret-2',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.title).toBe('Incorrect password');
    const mismatch = await member.post(`${ID}/me/password`, {
      currentPassword: password,
      newPassword: 'fresh-secret-2',
      confirmPassword: 'fresh-secret-3',
    });
    expect(mismatch.body.error.title).toBe("Passwords don't match");

    const changed = await member.post(`${ID}/me/password`, {
      currentPassword: password,
      newPassword: 'fresh-secret-2',
      confirmPassword: 'fresh-secret-2',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.title).toBe('Password Updated');
    password = 'fresh-secret-2';

    expect((await otherDevice.post(`${ID}/sessions/refresh`)).status).toBe(401);
    const stillHere = await member.post(`${ID}/sessions/refresh`);
    expect(stillHere.status).toBe(200);
    member.accessToken = stillHere.body.accessToken;
    await events.next('identity.password.changed.v1', (p) => p.userId === memberId && p.reason === 'change');
    await events.next(
      'identity.sessions.revoked.v1',
      (p) => p.userId === memberId && p.reason === 'password_change',
    );
  });

  it('changes the e-mail only once the new address is confirmed', async () => {
    const noPassword = await member.post(`${ID}/me/email`, {
      newEmail: 'mira@new.example.org',
      currentPassword: 'wrong-one',
    });
    expect(noPassword.body.error.title).toBe('Incorrect password');
    const taken = await member.post(`${ID}/me/email`, { newEmail: ADMIN_EMAIL, currentPassword: password });
    expect(taken.status).toBe(409);
    expect(taken.body.error.title).toBe('Duplicate Entry');
    const invalid = await member.post(`${ID}/me/email`, { newEmail: 'nope', currentPassword: password });
    expect(invalid.body.error.title).toBe('Invalid Email');

    const requested = await member.post(`${ID}/me/email`, {
      newEmail: 'Mira@New.Example.org',
      currentPassword: password,
    });
    expect(requested.status).toBe(202);
    expect(requested.body.title).toBe('Email Updated');
    expect(requested.body.message).toMatch(/link/);
    const event = await events.next('identity.email-change.requested.v1', (p) => p.userId === memberId);
    expect(event.payload).toMatchObject({ newEmail: 'mira@new.example.org', name: 'Mira Sol' });
    expect(event.payload.confirmationUrl).toMatch(new RegExp(`^${PUBLIC_URL}/confirm-email#token=`));

    expect((await member.get(`${ID}/me`)).body.email).toBe('mira.sol@example.org');
    expect(
      (await new Client(identity.url, '198.51.100.9').logIn('mira@new.example.org', password)).status,
    ).toBe(401);

    const confirmed = await member.post(`${ID}/email-confirmations`, {
      token: tokenOf(event.payload.confirmationUrl),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email).toBe('mira@new.example.org');
    await events.next(
      'identity.email.confirmed.v1',
      (p) => p.userId === memberId && p.email === 'mira@new.example.org',
    );
    expect((await member.get(`${ID}/me`)).body).toMatchObject({
      email: 'mira@new.example.org',
      emailConfirmed: true,
    });
    expect(
      (await new Client(identity.url, '198.51.100.9').logIn('mira@new.example.org', password)).status,
    ).toBe(200);
  });

  it('shows permissions to the member themself and to admins only', async () => {
    const self = await member.get(`${ID}/users/${memberId}/permissions`);
    expect(self.status).toBe(200);
    expect(self.body).toEqual({ permissions: [] });

    const adminMe = await admin.get(`${ID}/me`);
    const adminId = adminMe.body.id;
    const other = await member.get(`${ID}/users/${adminId}/permissions`);
    expect(other.status).toBe(403);
    expect(other.body.error.title).toBe('Permission Denied');

    const byAdmin = await admin.get(`${ID}/users/${memberId}/permissions`);
    expect(byAdmin.body).toEqual({ permissions: [] });
    const adminOwn = await admin.get(`${ID}/users/${adminId}/permissions`);
    // The seeded admin role carries exactly the spec's Admin Panel permission set.
    expect(adminOwn.body.permissions).toEqual([...ADMIN_PANEL_PERMISSIONS].sort());
    expect((await admin.get(`${ID}/users/00000000-0000-4000-8000-000000000000/permissions`)).status).toBe(
      404,
    );
    expect((await admin.get(`${ID}/users/not-a-uuid/permissions`)).status).toBe(400);
  });

  it('lets admins, and not members, create invitation codes', async () => {
    expect((await member.post(`${ID}/admin/invitations`, { maxUses: 5 })).status).toBe(403);
    const created = await admin.post(`${ID}/admin/invitations`, {
      maxUses: 5,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ maxUses: 5, usesCount: 0, discountPercent: null });
    const past = await admin.post(`${ID}/admin/invitations`, { expiresAt: '2001-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
  });

  it('keeps one waiting-list row per e-mail and answers every visitor the same way', async () => {
    const missing = await member.post(`${ID}/waiting-list`, { name: 'Ana', email: '' });
    expect(missing.body.error).toMatchObject({
      title: 'Missing Information',
      message: 'Please provide both your name and email address.',
    });
    const invalid = await member.post(`${ID}/waiting-list`, { name: 'Ana', email: 'ana-at-example' });
    expect(invalid.body.error).toMatchObject({
      title: 'Invalid Email',
      message: 'Please enter a valid email address.',
    });

    const first = await member.post(`${ID}/waiting-list`, { name: 'Ana Lua', email: 'ana@example.org' });
    const second = await member.post(`${ID}/waiting-list`, { name: 'Ana L.', email: ' ANA@example.org ' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(first.body.title).toBe('Successfully Joined!');
    const rows = await identity.db.selectFrom('waiting_list_registrations').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'ana@example.org',
      name: 'Ana Lua',
      status: 'pending',
      source: 'signup_page',
    });
    expect(rows[0]!.metadata).toMatchObject({ signup_step: 'invitation_code' });
    expect(typeof rows[0]!.metadata.timestamp).toBe('string');
  });

  it('lets an admin end every session, their own included', async () => {
    expect((await member.post(`${ID}/admin/sessions/revoke-all`)).status).toBe(403);
    const ended = await admin.post(`${ID}/admin/sessions/revoke-all`);
    expect(ended.status).toBe(200);
    expect(ended.body.revokedSessions).toBeGreaterThanOrEqual(2);
    expect((await member.post(`${ID}/sessions/refresh`)).status).toBe(401);
    expect((await admin.post(`${ID}/sessions/refresh`)).status).toBe(401);
    await events.next(
      'identity.sessions.revoked.v1',
      (p) => p.userId === null && p.reason === 'admin_revoke_all',
    );
  });

  it('deletes the account and tells every service', async () => {
    await member.logIn('mira@new.example.org', password);
    const deleted = await member.delete(`${ID}/me`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.title).toBe('Account Deleted');
    await events.next('identity.user.deleted.v1', (p) => p.userId === memberId);
    await events.next(
      'identity.sessions.revoked.v1',
      (p) => p.userId === memberId && p.reason === 'account_deleted',
    );

    expect((await member.get(`${ID}/me`)).status).toBe(401);
    expect((await member.post(`${ID}/sessions/refresh`)).status).toBe(401);
    expect(
      (await new Client(identity.url, '198.51.100.11').logIn('mira@new.example.org', password)).status,
    ).toBe(401);
    const leftovers = await Promise.all(
      (
        [
          'accounts',
          'user_roles',
          'refresh_families',
          'email_confirmation_tokens',
          'password_reset_tokens',
        ] as const
      ).map((table) =>
        identity.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(table === 'accounts' ? 'id' : 'user_id', '=', memberId)
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(leftovers.map((r) => Number(r.n))).toEqual([0, 0, 0, 0, 0]);
    expect((await member.get(`${ID}/usernames/mira_sol-7/availability`)).body).toEqual({ available: true });
  });

  it('published only events that keep their contracts, and no secrets but the one-time links', () => {
    expect(events.contractViolations).toEqual([]);
    const text = JSON.stringify(events.all);
    for (const secret of [ADMIN_PASSWORD, newMember.password, 'new-secret-1', 'fresh-secret-2', '$argon2id$'])
      expect(text).not.toContain(secret);
  });
});
