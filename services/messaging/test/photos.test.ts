import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '@mer/service-runtime';
import {
  createTestInfra,
  createTokenIssuer,
  eventEnvelope,
  eventually,
  type TestInfra,
  type TestTokenIssuer,
} from '@mer/service-runtime/testing';
import {
  MembershipActivated,
  MessagingTexts,
  UserDeleted,
  UserRegistered,
  type MessagingMessage,
  type MessagingPhoto,
} from '@mer/contracts';
import { messagingService } from '../src/index.ts';

// One photo per message, through the real service on real PostgreSQL/NATS (embedded fallback), photos in a
// temporary folder: the upload sniffs the bytes, re-encodes without metadata, and a send takes only the sender's
// own unsent photo.
let infra: TestInfra;
let tokens: TestTokenIssuer;
let photoDir: string;
let service: Awaited<ReturnType<typeof startMessaging>>;

const startMessaging = (env: Record<string, string>) =>
  startService(messagingService, {
    ...infra,
    schema: infra.schemaFor('messaging'),
    verifier: tokens.verifier,
    env,
  });

beforeAll(async () => {
  infra = await createTestInfra();
  tokens = await createTokenIssuer();
  photoDir = await mkdtemp(path.join(tmpdir(), 'message-photos-'));
  service = await startMessaging({ PHOTO_STORAGE_DIR: photoDir, PHOTO_MAX_INPUT_PIXELS: '20000000' });
}, 60_000);

afterAll(async () => {
  await service?.stop();
  await infra?.close();
  if (photoDir) await rm(photoDir, { recursive: true, force: true });
});

interface Member {
  id: string;
  token: string;
}

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  urlPath: string,
  o: { who?: Member; body?: unknown; raw?: Buffer; type?: string } = {},
): Promise<{ status: number; body: any; bytes: Buffer; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (o.who) headers.authorization = `Bearer ${o.who.token}`;
  let body: BodyInit | undefined;
  if (o.raw) {
    headers['content-type'] = o.type ?? 'image/png';
    body = new Uint8Array(o.raw);
  } else if (o.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.body);
  }
  const res = await fetch(`${service.url}${urlPath}`, { method, headers, ...(body ? { body } : {}) });
  const bytes = Buffer.from(await res.arrayBuffer());
  let parsed: unknown = null;
  try {
    parsed = bytes.length ? JSON.parse(bytes.toString('utf8')) : null;
  } catch {
    // a photo
  }
  return { status: res.status, body: parsed, bytes, headers: res.headers };
}

async function member(): Promise<Member> {
  const id = randomUUID();
  await infra.bus.publish(
    eventEnvelope(MembershipActivated, {
      userId: id,
      membershipId: randomUUID(),
      planId: randomUUID(),
      planName: 'Basic',
      status: 'active',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      innerCircle: false,
      cancelAtPeriodEnd: false,
    }),
  );
  await infra.bus.publish(
    eventEnvelope(UserRegistered, {
      userId: id,
      email: `p-${id.slice(0, 8)}@example.com`,
      name: `Photo ${id.slice(0, 4)}`,
      username: `p_${id.slice(0, 8)}`,
      discountPercent: null,
      emailConfirmationUrl: 'http://mer.test/confirm-email?token=x',
      registeredAt: new Date().toISOString(),
    }),
  );
  const db = service.context.db;
  await eventually(async () => {
    const known = await db
      .selectFrom('members')
      .select('user_id')
      .where('user_id', '=', id)
      .executeTakeFirst();
    const paid = await db
      .selectFrom('member_memberships')
      .select('user_id')
      .where('user_id', '=', id)
      .executeTakeFirst();
    return known && paid;
  });
  return { id, token: await tokens.token({ sub: id }) };
}

async function conversation(a: Member, b: Member): Promise<string> {
  const r = await call('POST', '/api/v1/messaging/conversations', { who: a, body: { memberId: b.id } });
  expect([200, 201]).toContain(r.status);
  return r.body.id as string;
}

async function upload(who: Member, raw: Buffer, type = 'image/png') {
  return call('POST', '/api/v1/messaging/photos', { who, raw, type });
}

const sendPath = (conversationId: string) => `/api/v1/messaging/conversations/${conversationId}/messages`;

describe('one photo per message', () => {
  it('re-encodes an upload as a bounded JPEG without EXIF, sends it alone or with text, and serves it', async () => {
    const [a, b] = [await member(), await member()];
    const id = await conversation(a, b);
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#6688aa' } })
      .withExif({ IFD0: { Artist: 'secret-artist', Copyright: 'gps-here' } })
      .png()
      .toBuffer();
    // The declared type is not trusted: the bytes decide.
    const up = await upload(a, png, 'image/jpeg');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const photo = up.body as MessagingPhoto;
    expect(photo).toMatchObject({ width: 2048, height: 1024 });
    expect(photo.url).toBe(`/api/v1/messaging/photo-files/${photo.id}.jpg`);
    const file = await call('GET', photo.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(file.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(file.bytes.includes(Buffer.from('secret-artist'))).toBe(false);

    // A photo alone (no text): the list shows a photo preview.
    const sent = await call('POST', sendPath(id), { who: a, body: { photoId: photo.id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body as MessagingMessage).toMatchObject({ body: '', photoUrl: photo.url });
    const list = await call('GET', '/api/v1/messaging/conversations', { who: b });
    expect(list.body.conversations[0]).toMatchObject({ id, lastMessage: '📷 Photo' });
    const seenByB = await call('GET', `${sendPath(id)}?after=0`, { who: b });
    expect(seenByB.body.messages.map((m: MessagingMessage) => m.photoUrl)).toEqual([photo.url]);

    // Text and photo together.
    const second = (await upload(a, await sharp(png).webp().toBuffer(), 'image/webp')).body as MessagingPhoto;
    const both = await call('POST', sendPath(id), {
      who: a,
      body: { body: 'Look <b>here</b>', photoId: second.id },
    });
    expect(both.status).toBe(201);
    expect(both.body).toMatchObject({ body: 'Look here', photoUrl: second.url });

    // Deleting the message removes the photo and, after the sweep, its file.
    const deleted = await call('DELETE', `/api/v1/messaging/messages/${both.body.id}`, { who: a });
    expect(deleted.body).toMatchObject({ photoUrl: null, body: null });
    await eventually(async () => !(await readdir(photoDir)).includes(`${second.id}.jpg`), 15_000);
    expect((await call('GET', second.url)).status).toBe(404);
  }, 40_000);

  it("takes only the sender's own photo, once; an empty message without a photo is refused", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const id = await conversation(a, b);
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const photo = (await upload(a, jpeg, 'image/jpeg')).body as MessagingPhoto;
    // b belongs to the conversation but the photo is a's.
    const theirs = await call('POST', sendPath(id), { who: b, body: { body: 'hi', photoId: photo.id } });
    expect(theirs.status).toBe(400);
    expect(theirs.body.error.message).toBe(MessagingTexts.photoNotFound);
    expect((await call('POST', sendPath(id), { who: a, body: { photoId: photo.id } })).status).toBe(201);
    const again = await call('POST', sendPath(id), { who: a, body: { body: 'again', photoId: photo.id } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(MessagingTexts.photoNotFound);
    const unknown = await call('POST', sendPath(id), { who: a, body: { photoId: randomUUID() } });
    expect(unknown.status).toBe(400);
    const empty = await call('POST', sendPath(id), { who: a, body: { body: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(MessagingTexts.emptyMessage);
    expect((await call('POST', sendPath(id), { who: a, body: { photoId: 'not-a-uuid' } })).status).toBe(400);
    // A stranger's send into the conversation is still not found, photo or not.
    const cPhoto = (await upload(c, jpeg, 'image/jpeg')).body as MessagingPhoto;
    expect((await call('POST', sendPath(id), { who: c, body: { photoId: cPhoto.id } })).status).toBe(404);
  }, 30_000);

  it('refuses hostile and non-image files with a 4xx, never a 500, and stores nothing', async () => {
    const a = await member();
    const before = (await readdir(photoDir)).length;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const hostile: { name: string; raw: Buffer; type: string; status: number }[] = [
      {
        name: 'svg with script',
        raw: Buffer.from('<svg onload=alert(1)>'),
        type: 'image/svg+xml',
        status: 415,
      },
      {
        name: 'html declared as png',
        raw: Buffer.from('<html><script>alert(1)</script></html>'),
        type: 'image/png',
        status: 415,
      },
      {
        name: 'script declared as jpeg',
        raw: Buffer.from('#!/bin/sh\nrm -rf /\n'),
        type: 'image/jpeg',
        status: 415,
      },
      { name: 'truncated png', raw: png.subarray(0, 30), type: 'image/png', status: 415 },
      {
        name: 'png header then garbage',
        raw: Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 0x41)]),
        type: 'image/png',
        status: 415,
      },
      {
        name: 'pdf declared as gif',
        raw: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'),
        type: 'image/gif',
        status: 415,
      },
      { name: 'empty body', raw: Buffer.alloc(0), type: 'image/png', status: 415 },
      { name: 'over 10 MB', raw: Buffer.alloc(10_485_761, 1), type: 'image/png', status: 413 },
    ];
    for (const h of hostile) {
      const r = await upload(a, h.raw, h.type);
      expect(r.status, h.name).toBeGreaterThanOrEqual(400);
      expect(r.status, h.name).toBeLessThan(500);
      if (h.status === 413) expect(r.body?.error?.message, h.name).toBe('File size must be less than 10MB');
    }
    // A decompression bomb: a small PNG declaring more pixels than allowed (36 MP > 20 MP here) is refused before decoding.
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const bombed = await upload(a, bomb, 'image/png');
    expect(bombed.status).toBe(400);
    expect(bombed.body.error.title).toBe('Image too large');
    // Not an image type at all, and no login.
    expect((await upload(a, png, 'text/plain')).status).toBe(415);
    const anonymous = await call('POST', '/api/v1/messaging/photos', { raw: png, type: 'image/png' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe('You must be logged in to upload images');
    expect((await readdir(photoDir)).length).toBe(before);
    // File names are checked: no path tricks.
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'x.jpg', `${randomUUID()}.png`]) {
      const r = await call('GET', `/api/v1/messaging/photo-files/${name}`);
      expect(r.status, name).toBeGreaterThanOrEqual(400);
      expect(r.status, name).toBeLessThan(500);
    }
  }, 60_000);

  it("removes a deleted member's photos, sent or not", async () => {
    const [a, b] = [await member(), await member()];
    const id = await conversation(a, b);
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer();
    const sentPhoto = (await upload(a, jpeg, 'image/jpeg')).body as MessagingPhoto;
    const unsent = (await upload(a, jpeg, 'image/jpeg')).body as MessagingPhoto;
    expect((await call('POST', sendPath(id), { who: a, body: { photoId: sentPhoto.id } })).status).toBe(201);
    await infra.bus.publish(eventEnvelope(UserDeleted, { userId: a.id }));
    await eventually(async () => {
      const files = await readdir(photoDir);
      return !files.includes(`${sentPhoto.id}.jpg`) && !files.includes(`${unsent.id}.jpg`);
    }, 20_000);
    const page = await call('GET', `${sendPath(id)}?after=0`, { who: b });
    expect(page.body.messages[0]).toMatchObject({ photoUrl: null, senderId: null });
  }, 40_000);
});
