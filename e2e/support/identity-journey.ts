import { expect } from 'vitest';
import WebSocket from 'ws';

/** A small client for the public API, as a browser or curl would use it. */
export class ApiClient {
  cookie = '';
  token = '';
  constructor(readonly base: string) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.base + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('mer_refresh='));
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await res.text();
    const json = text ? JSON.parse(text) : null;
    return { status: res.status, json, headers: res.headers };
  }
}

export interface JourneyOptions {
  /** Base URLs of the gateways; the WebSocket part listens on the last one. */
  gateways: string[];
  operatorKey: string;
  admin: { email: string; password: string };
}

/** Reads the newest e-mail to `to` from the outbox (admin API) and returns the link in it. */
async function linkFromOutbox(admin: ApiClient, to: string, pathPart: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const { json } = await admin.call(
      'GET',
      `/api/v1/notifications-email/admin/outbox?to=${encodeURIComponent(to)}&limit=20`,
    );
    for (const mail of json?.emails ?? []) {
      const match = new RegExp(`https?://[^\\s"<>]*${pathPart}[^\\s"<>]*`).exec(mail.text);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No e-mail with a ${pathPart} link reached ${to}`);
}

/**
 * The identity journey of issue 2, end to end through the gateway: invitation, sign-up, login
 * by e-mail and username, refresh rotation and reuse detection, reset by e-mail link, the
 * realtime push of a revocation, and sign-out. The same journey runs on both topologies.
 */
export async function runIdentityJourney(opts: JourneyOptions): Promise<void> {
  const base = opts.gateways[0]!;
  const suffix = Math.random().toString(36).slice(2, 8);
  const email = `river.${suffix}@example.org`;
  const username = `river_${suffix}`;
  const visitor = new ApiClient(base);

  // An operator creates an invitation with a discount.
  const invite = await visitor.call(
    'POST',
    '/api/v1/identity/operator/invitations',
    { maxUses: 1, discountPercent: 20 },
    {
      'x-operator-key': opts.operatorKey,
    },
  );
  expect(invite.status).toBe(201);
  const code: string = invite.json.code;

  // Wrong and right codes (lower-case is accepted: codes are upper-cased).
  expect(
    (await visitor.call('POST', '/api/v1/identity/invitations/validate', { code: 'NOPE-NOPE' })).json,
  ).toMatchObject({
    valid: false,
    error: 'Invalid invitation code',
  });
  const valid = await visitor.call('POST', '/api/v1/identity/invitations/validate', {
    code: code.toLowerCase(),
  });
  expect(valid.json).toMatchObject({ valid: true, discount: { percentOff: 20 } });

  // Username availability, then sign-up.
  expect((await visitor.call('GET', '/api/v1/identity/usernames/admin/availability')).json.available).toBe(
    false,
  );
  expect(
    (await visitor.call('GET', `/api/v1/identity/usernames/${username}/availability`)).json.available,
  ).toBe(true);
  const member = new ApiClient(base);
  const signup = await member.call('POST', '/api/v1/identity/signup', {
    invitationCode: code,
    name: 'River Stone',
    username,
    email,
    password: 'lotus-flower',
    confirmPassword: 'lotus-flower',
  });
  expect(signup.status).toBe(201);
  expect(signup.json.user).toMatchObject({ email, username, name: 'River Stone' });
  expect(member.cookie).toMatch(/^mer_refresh=/);
  member.token = signup.json.accessToken;
  expect((await member.call('GET', '/api/v1/identity/me')).json.email).toBe(email);

  // The single-use code is spent.
  const again = await visitor.call('POST', '/api/v1/identity/invitations/validate', { code });
  expect(again.json.valid).toBe(false);

  // Log in by e-mail and by username; a wrong password does not say which part was wrong.
  const byEmail = await new ApiClient(base).call('POST', '/api/v1/identity/sessions', {
    identifier: email,
    password: 'lotus-flower',
  });
  expect(byEmail.status).toBe(200);
  const byUsername = new ApiClient(base);
  const login = await byUsername.call('POST', '/api/v1/identity/sessions', {
    identifier: username.toUpperCase(),
    password: 'lotus-flower',
    rememberMe: true,
  });
  expect(login.status).toBe(200);
  const wrong = await new ApiClient(base).call('POST', '/api/v1/identity/sessions', {
    identifier: username,
    password: 'nope-nope',
  });
  expect(wrong.status).toBe(401);
  expect(wrong.json.error.message).toBe(
    'Incorrect login details. Please check your email/username and password.',
  );

  // Refresh rotates the cookie; presenting the old one again ends the whole session family.
  const oldCookie = byUsername.cookie;
  const refreshed = await byUsername.call('POST', '/api/v1/identity/sessions/refresh');
  expect(refreshed.status).toBe(200);
  expect(byUsername.cookie).not.toBe(oldCookie);
  const thief = new ApiClient(base);
  thief.cookie = oldCookie;
  expect((await thief.call('POST', '/api/v1/identity/sessions/refresh')).status).toBe(401);
  expect((await byUsername.call('POST', '/api/v1/identity/sessions/refresh')).status).toBe(401);

  // Admin signs in; the member keeps a WebSocket open on the last gateway.
  const admin = new ApiClient(base);
  const adminLogin = await admin.call('POST', '/api/v1/identity/sessions', {
    identifier: opts.admin.email,
    password: opts.admin.password,
  });
  expect(adminLogin.status).toBe(200);
  admin.token = adminLogin.json.accessToken;
  const pushed = await listenForPush(opts.gateways.at(-1)!, member.token, 'session.revoked');

  // Forgot password: the neutral answer, the link from the e-mail, the new password.
  const reset = await visitor.call('POST', '/api/v1/identity/password-reset', { identifier: email });
  expect(reset.status).toBe(202);
  expect(reset.json.title).toBe('Reset email sent');
  const unknown = await visitor.call('POST', '/api/v1/identity/password-reset', {
    identifier: 'nobody@example.org',
  });
  expect(unknown.json).toEqual(reset.json);
  const link = await linkFromOutbox(admin, email, '/reset-password');
  const token = new URL(link).hash.replace(/^#token=/, '');
  const confirmed = await visitor.call('POST', '/api/v1/identity/password-reset/confirm', {
    token,
    password: 'still-water',
    confirmPassword: 'still-water',
  });
  expect(confirmed.status).toBe(200);
  expect(confirmed.json.title).toBe('Password updated');
  // A reset link works once.
  expect(
    (
      await visitor.call('POST', '/api/v1/identity/password-reset/confirm', {
        token,
        password: 'x'.repeat(8),
        confirmPassword: 'x'.repeat(8),
      })
    ).status,
  ).toBe(400);

  // The reset ended every session: the gateway pushed that to the member's socket.
  expect(await pushed.next).toMatchObject({ type: 'session.revoked' });
  expect((await member.call('POST', '/api/v1/identity/sessions/refresh')).status).toBe(401);
  expect(
    (
      await new ApiClient(base).call('POST', '/api/v1/identity/sessions', {
        identifier: email,
        password: 'lotus-flower',
      })
    ).status,
  ).toBe(401);
  const fresh = new ApiClient(base);
  expect(
    (await fresh.call('POST', '/api/v1/identity/sessions', { identifier: email, password: 'still-water' }))
      .status,
  ).toBe(200);

  // Sign out ends the session.
  expect((await fresh.call('DELETE', '/api/v1/identity/sessions/current')).status).toBe(204);
  expect((await fresh.call('POST', '/api/v1/identity/sessions/refresh')).status).toBe(401);

  // Suspension takes access away at once, on every gateway: the member's still-valid access token gets 401 within a
  // second (not at its expiry), their socket is closed, and a log-in after unsuspension works again.
  const memberId: string = signup.json.user.id;
  const suspended = new ApiClient(base);
  const beforeSuspension = await suspended.call('POST', '/api/v1/identity/sessions', {
    identifier: email,
    password: 'still-water',
  });
  suspended.token = beforeSuspension.json.accessToken;
  const socketClosed = await listenForClose(opts.gateways.at(-1)!, suspended.token);
  for (const gateway of opts.gateways) expect((await meAt(gateway, suspended.token)).status).toBe(200);
  const suspend = await admin.call('PUT', `/api/v1/identity/admin/members/${memberId}/suspension`, {
    suspended: true,
  });
  expect(suspend.status).toBe(200);
  // Counted from the admin's answer: the suspension is committed then.
  const suspendedAt = Date.now();
  for (const gateway of opts.gateways) {
    for (;;) {
      const answer = await meAt(gateway, suspended.token);
      if (answer.status === 401) {
        expect(answer.json.error.title).toBe('Authentication Error');
        break;
      }
      expect(Date.now() - suspendedAt).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  expect(Date.now() - suspendedAt).toBeLessThan(1000);
  expect(await socketClosed.closed).toBe(4401);
  expect(
    (await admin.call('PUT', `/api/v1/identity/admin/members/${memberId}/suspension`, { suspended: false }))
      .status,
  ).toBe(200);
  // Token times are whole seconds: a token of the suspension's own second stays refused.
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
  const afterUnsuspension = await new ApiClient(base).call('POST', '/api/v1/identity/sessions', {
    identifier: email,
    password: 'still-water',
  });
  expect(afterUnsuspension.status).toBe(200);
  for (const gateway of opts.gateways) {
    expect((await meAt(gateway, afterUnsuspension.json.accessToken)).status).toBe(200);
    expect((await meAt(gateway, suspended.token)).status).toBe(401);
  }

  // Waiting list: a duplicate is not an error for the visitor.
  const w1 = await visitor.call('POST', '/api/v1/identity/waiting-list', {
    name: 'Sky',
    email: `sky.${suffix}@example.org`,
  });
  const w2 = await visitor.call('POST', '/api/v1/identity/waiting-list', {
    name: 'Sky',
    email: `SKY.${suffix}@example.org`,
  });
  expect([w1.status, w2.status]).toEqual([201, 201]);
}

/** GET /api/v1/identity/me with an access token, through one gateway. */
function meAt(base: string, token: string) {
  const client = new ApiClient(base);
  client.token = token;
  return client.call('GET', '/api/v1/identity/me');
}

/** Opens /ws, authenticates and waits for ready; `closed`: the code the server closes it with (wrapped, see below). */
async function listenForClose(base: string, token: string): Promise<{ closed: Promise<number> }> {
  const ws = new WebSocket(base.replace(/^http/, 'ws') + '/ws');
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ready message on /ws')), 5000);
    ws.on('message', (data) => {
      if (JSON.parse(String(data)).type === 'ready') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  await ready;
  return { closed };
}

/**
 * Opens /ws and authenticates; resolves once the socket is ready, with `next`: the first message of
 * the given type (a wrapper, because an async function cannot return a pending promise unflattened).
 */
export async function listenForPush(
  base: string,
  token: string,
  type: string,
): Promise<{ next: Promise<Record<string, unknown>> }> {
  const ws = new WebSocket(base.replace(/^http/, 'ws') + '/ws');
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ready message on /ws')), 5000);
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (msg.type === 'ready') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  await ready;
  const next = new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} message on /ws`)), 15_000);
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (msg.type === type) {
        clearTimeout(timer);
        ws.close();
        resolve(msg);
      }
    });
  });
  next.catch(() => undefined); // observed by the caller; avoid an unhandled rejection meanwhile
  return { next };
}
