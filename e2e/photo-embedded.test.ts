import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testLogger } from '@mer/service-runtime/testing';
import { startEmbedded, type EmbeddedMer } from '../infra/topology/embedded.ts';
import { PHOTO_FIXTURES } from './support/fixtures.ts';

const fixtures = PHOTO_FIXTURES;

describe.skipIf(!fixtures)('profile photo through the gateway, embedded topology', () => {
  let mer: EmbeddedMer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mer-e2e-photo-'));
    mer = await startEmbedded({ dataDir, inMemory: true, port: 0, host: '127.0.0.1', logger: testLogger() });
  });
  afterAll(async () => {
    await mer?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${mer.url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });

  it('a new member uploads the astronaut (accepted), is refused the coffee, sets the photo and it is served with a long cache', async () => {
    const invitation = await call(
      'POST',
      '/api/v1/identity/operator/invitations',
      JSON.stringify({ maxUses: 1 }),
      {
        'content-type': 'application/json',
        'x-operator-key': mer.operatorKey,
      },
    );
    expect(invitation.status).toBe(201);
    const suffix = Math.random().toString(36).slice(2, 8);
    const signup = await call(
      'POST',
      '/api/v1/identity/signup',
      JSON.stringify({
        invitationCode: ((await invitation.json()) as { code: string }).code,
        name: 'Luz Photo',
        username: `luz_${suffix}`,
        email: `luz.${suffix}@example.org`,
        password: 'calm-waters-9',
        confirmPassword: 'calm-waters-9',
      }),
      { 'content-type': 'application/json' },
    );
    expect(signup.status).toBe(201);
    const auth = {
      authorization: `Bearer ${((await signup.json()) as { accessToken: string }).accessToken}`,
    };

    const coffee = await call(
      'POST',
      '/api/v1/profile-onboarding/photos',
      await readFile(join(fixtures!, 'coffee.png')),
      {
        ...auth,
        'content-type': 'image/png',
      },
    );
    expect(coffee.status).toBe(422);
    expect(((await coffee.json()) as { error: { message: string } }).error.message).toBe(
      'Please upload a photo showing your face clearly.',
    );

    const uploaded = await call(
      'POST',
      '/api/v1/profile-onboarding/photos',
      await readFile(join(fixtures!, 'astronaut.png')),
      {
        ...auth,
        'content-type': 'image/png',
      },
    );
    expect(uploaded.status).toBe(201);
    const photo = (await uploaded.json()) as { photoId: string; imageUrl: string };

    const served = await call('GET', photo.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Stored in the embedded topology's data folder.
    expect(await readdir(join(dataDir, 'photos'))).toContain(`${photo.photoId}.jpg`);

    const set = await call(
      'PUT',
      '/api/v1/profile-onboarding/profiles/me/photo',
      JSON.stringify({ photoId: photo.photoId }),
      {
        ...auth,
        'content-type': 'application/json',
      },
    );
    expect(set.status).toBe(200);
    const me = await call('GET', '/api/v1/profile-onboarding/profiles/me', undefined, auth);
    expect(((await me.json()) as { imageUrl: string }).imageUrl).toBe(photo.imageUrl);

    const tooBig = await call('POST', '/api/v1/profile-onboarding/photos', new Uint8Array(10_485_761), {
      ...auth,
      'content-type': 'image/jpeg',
    });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: { message: string } }).error.message).toBe(
      'File size must be less than 10MB',
    );
  });
});
