import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserDeleted, UserRegistered, type UploadedPhoto } from '@mer/contracts';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import { missingFixturesMessage, photoFixturesDir, readFixture } from './fixtures.ts';
import { createTokenIssuer, identityEvent, startProfileService, type ProfileService } from './harness.ts';

if (!photoFixturesDir) console.warn(missingFixturesMessage);

/**
 * The cluster topology's storage: photos in an S3-compatible bucket, here s3rver (a local
 * S3-compatible server from npm) on the loopback, spoken to with signed path-style requests.
 */
describe.skipIf(!photoFixturesDir)('profile photos (S3-compatible storage)', () => {
  const bucket = 'mer-photos';
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let infra: TestInfra;
  let service: ProfileService;
  let tokens: Awaited<ReturnType<typeof createTokenIssuer>>;
  const bucketClient = new AwsClient({ ...credentials, region: 'us-east-1', service: 's3' });

  beforeAll(async () => {
    s3Dir = await mkdtemp(path.join(tmpdir(), 'mer-s3-'));
    // No bucket yet, as on a fresh installation: the service creates it with the first photo.
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    infra = await createTestInfra();
    tokens = await createTokenIssuer();
    service = await startProfileService(infra, {
      verifier: tokens.verifier,
      env: {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        PHOTO_REPLACED_RETENTION_SECONDS: '0',
      },
    });
  });

  afterAll(async () => {
    await service?.stop();
    await infra?.close();
    await s3?.close();
    if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
  });

  const objectStatus = async (key: string) => {
    const res = await bucketClient.fetch(`${endpoint}/${bucket}/${key}`, { method: 'HEAD' });
    return res.status;
  };

  async function register(userId: string): Promise<void> {
    await infra.bus.publish(
      identityEvent(UserRegistered, {
        userId,
        name: 'Sol Mar',
        username: `member_${userId.slice(0, 8)}`,
        email: `member-${userId.slice(0, 8)}@example.com`,
        discountPercent: null,
        emailConfirmationUrl: `https://mer.test/confirm-email?token=t-${userId}`,
        registeredAt: new Date().toISOString(),
      }),
    );
    await eventually(() =>
      service.context.db
        .selectFrom('profiles')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    );
  }

  it("deletes a replaced profile photo's object once nothing refers to it", async () => {
    const userId = randomUUID();
    await register(userId);
    const token = await tokens.token({ sub: userId });
    const bytes = new Uint8Array(await readFixture('astronaut.png'));
    const photos: UploadedPhoto[] = [];
    for (let i = 0; i < 2; i++) {
      const uploaded = await fetch(`${service.url}/api/v1/profile-onboarding/photos`, {
        method: 'POST',
        headers: { 'content-type': 'image/png', authorization: `Bearer ${token}` },
        body: bytes,
      });
      expect(uploaded.status).toBe(201);
      photos.push((await uploaded.json()) as UploadedPhoto);
    }
    for (const photo of photos) {
      const set = await fetch(`${service.url}/api/v1/profile-onboarding/profiles/me/photo`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ photoId: photo.photoId }),
      });
      expect(set.status).toBe(200);
    }
    await eventually(async () => (await objectStatus(`${photos[0]!.photoId}.jpg`)) === 404, 20_000, 250);
    expect(await objectStatus(`${photos[1]!.photoId}.jpg`)).toBe(200);
  }, 30_000);

  it('stores the photo in the bucket, serves it from there, and deletes it with the member', async () => {
    const userId = randomUUID();
    await infra.bus.publish(
      identityEvent(UserRegistered, {
        userId,
        name: 'Sol Mar',
        username: `member_${userId.slice(0, 8)}`,
        email: `member-${userId.slice(0, 8)}@example.com`,
        discountPercent: null,
        emailConfirmationUrl: `https://mer.test/confirm-email?token=t-${userId}`,
        registeredAt: new Date().toISOString(),
      }),
    );
    const token = await tokens.token({ sub: userId });
    const uploaded = await fetch(`${service.url}/api/v1/profile-onboarding/photos`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${token}` },
      body: new Uint8Array(await readFixture('astronaut.png')),
    });
    expect(uploaded.status).toBe(201);
    const photo = (await uploaded.json()) as UploadedPhoto;
    const key = `${photo.photoId}.jpg`;
    expect(await objectStatus(key)).toBe(200);

    const served = await fetch(`${service.url}${photo.imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const fromBucket = await bucketClient.fetch(`${endpoint}/${bucket}/${key}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(await fromBucket.arrayBuffer()))).toBe(
      true,
    );

    await infra.bus.publish(identityEvent(UserDeleted, { userId }));
    await eventually(async () => (await objectStatus(key)) === 404, 20_000, 250);
    expect((await fetch(`${service.url}${photo.imageUrl}`)).status).toBe(404);
  }, 30_000);
});
