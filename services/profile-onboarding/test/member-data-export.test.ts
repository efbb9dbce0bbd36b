import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserRegistered, type ProfileOnboardingDataExport } from '@mer/contracts';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import { photoFixturesDir, readFixture } from './fixtures.ts';
import { createTokenIssuer, identityEvent, startProfileService, type ProfileService } from './harness.ts';

const API = '/api/v1/profile-onboarding';
const EXPORT = `${API}/me/export`;

let infra: TestInfra;
let service: ProfileService;
let tokens: Awaited<ReturnType<typeof createTokenIssuer>>;
let storageDir: string;
let ana: { userId: string; token: string; email: string };
let rio: { userId: string; token: string; email: string };
let photoUrl: string | undefined;

async function call(method: string, route: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body instanceof Buffer) headers['content-type'] = 'image/png';
  else if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${service.url}${route}`, {
    method,
    headers,
    ...(body instanceof Buffer
      ? { body: new Uint8Array(body) }
      : body !== undefined
        ? { body: JSON.stringify(body) }
        : {}),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : null };
}

async function newMember(name: string) {
  const userId = randomUUID();
  const short = userId.slice(0, 8);
  const email = `member-${short}@example.com`;
  await infra.bus.publish(
    identityEvent(UserRegistered, {
      userId,
      name,
      username: `member_${short}`,
      email,
      discountPercent: null,
      emailConfirmationUrl: `https://mer.test/confirm-email#token=t-${userId}`,
      registeredAt: new Date().toISOString(),
    }),
  );
  const token = await tokens.token({ sub: userId });
  // The profile exists once the registered event was handled.
  await eventually(async () =>
    (await call('GET', `${API}/profiles/me`, token)).status === 200 ? true : null,
  );
  return { userId, email, token };
}

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTokenIssuer();
  storageDir = await mkdtemp(path.join(tmpdir(), 'mer-export-photos-'));
  service = await startProfileService(infra, {
    verifier: tokens.verifier,
    env: { PHOTO_STORAGE_DIR: storageDir },
  });
  ana = await newMember('Ana Lua');
  rio = await newMember('Rio Mar');
  for (const member of [ana, rio]) {
    const draft = { step: 2, startedAt: new Date().toISOString(), data: { bio: `Bio of ${member.userId}` } };
    expect((await call('PUT', `${API}/onboarding/draft`, member.token, draft)).status).toBe(200);
  }
  const honolulu = {
    birthDate: '1961-08-04',
    birthTime: '19:24',
    latitude: 21.3069,
    longitude: -157.8583,
    birthLocation: 'Honolulu, Hawaii, United States',
  };
  expect((await call('PUT', `${API}/charts/me`, ana.token, honolulu)).status).toBe(200);
  expect(
    (await call('POST', `${API}/interest-suggestions`, ana.token, { name: 'Sound Bathing' })).status,
  ).toBe(201);
  if (photoFixturesDir) {
    const uploaded = await call('POST', `${API}/photos`, ana.token, await readFixture('astronaut.png'));
    expect(uploaded.status).toBe(201);
    photoUrl = uploaded.body.imageUrl;
  }
});

afterAll(async () => {
  await service?.stop();
  await infra?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

describe("profile-onboarding's part of Download my data", () => {
  it("holds the member's profile, preferences, draft, chart, badges and suggestions, and nobody else's", async () => {
    const reply = await call('GET', EXPORT, ana.token);
    expect(reply.status).toBe(200);
    const part = reply.body as ProfileOnboardingDataExport;
    expect(part).toMatchObject({ service: 'profile-onboarding', version: 1 });
    expect(part.data.profile).toMatchObject({ userId: ana.userId, name: 'Ana Lua', email: ana.email });
    expect(part.data.preferences?.privacy).toMatchObject({ share_birth_data: false });
    expect(part.data.onboardingDraft).toMatchObject({ step: 2, data: { bio: `Bio of ${ana.userId}` } });
    expect(part.data.chart).toMatchObject({
      birthDate: '1961-08-04',
      birthTime: '19:24',
      birthLocation: 'Honolulu, Hawaii, United States',
      sunSign: 'Leo',
      humanDesign: expect.objectContaining({ type: 'Projector' }),
    });
    expect(part.data.badges.map((b) => b.label)).toContain('New Member');
    expect(part.data.interestSuggestions).toEqual([
      expect.objectContaining({ suggestedName: 'Sound Bathing', status: 'pending' }),
    ]);
    if (photoUrl)
      expect(part.data.photos).toEqual([expect.objectContaining({ url: photoUrl, faceCount: 1 })]);
    const text = reply.text;
    expect(text).not.toContain(rio.userId);
    expect(text).not.toContain(rio.email);
  });

  it('answers a member with no profile here with empty parts', async () => {
    const stranger = await tokens.token({ sub: randomUUID() });
    const part = (await call('GET', EXPORT, stranger)).body as ProfileOnboardingDataExport;
    expect(part.data).toMatchObject({
      profile: null,
      preferences: null,
      practices: [],
      photos: [],
      onboardingDraft: null,
      chart: null,
      badges: [],
      interestSuggestions: [],
    });
  });

  it('holds no token or secret', async () => {
    const text = (await call('GET', EXPORT, ana.token)).text;
    expect(text).not.toContain('token=');
    expect(text).not.toMatch(/password|secret|hash/i);
  });

  it('refuses a caller without a valid token', async () => {
    expect((await call('GET', EXPORT)).status).toBe(401);
    expect((await call('GET', EXPORT, 'forged')).status).toBe(401);
  });
});
