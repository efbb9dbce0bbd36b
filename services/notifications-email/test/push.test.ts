import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
// http_ece is web-push's own encryption library: the fake push service decrypts with it as a browser would.
import ece from 'http_ece';
import {
  FeedCommentAdded,
  MessageSent,
  NotificationPreferencesChanged,
  UserRegistered,
  type EventDefinition,
  type EventPayload,
} from '@mer/contracts';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import {
  PUBLIC_URL,
  createTokenIssuer,
  identityEvent as envelope,
  startEmailService,
  type EmailService,
} from './harness.ts';

/** A browser's push subscription: its own key pair and auth secret, at an endpoint of the fake push service. */
function device(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
    },
  };
}

interface Delivery {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A push service speaking the Web Push protocol over plain HTTP: records each encrypted POST; /gone/* answers 410. */
class FakePushService {
  readonly deliveries: Delivery[] = [];
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.deliveries.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  url = '';
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }
  to(path: string) {
    return this.deliveries.filter((d) => d.path === path);
  }
}

let infra: TestInfra;
let service: EmailService;
let pushService: FakePushService;
let tokens: Awaited<ReturnType<typeof createTokenIssuer>>;

beforeAll(async () => {
  infra = await createTestInfra();
  pushService = new FakePushService();
  await pushService.start();
  tokens = await createTokenIssuer();
  service = await startEmailService(infra, { verifier: tokens.verifier });
});

afterAll(async () => {
  await service?.stop();
  await pushService?.close();
  await infra?.close();
});

const publish = <E extends EventDefinition>(def: E, payload: EventPayload<E>) =>
  infra.bus.publish(envelope(def, payload));

async function member(name: string) {
  const id = randomUUID();
  await publish(UserRegistered, {
    userId: id,
    email: `${name.toLowerCase()}-${id.slice(0, 6)}@example.com`,
    name,
    username: `${name.toLowerCase()}_${id.slice(0, 6)}`,
    discountPercent: null,
    emailConfirmationUrl: `${PUBLIC_URL}/confirm-email?token=${id}`,
    registeredAt: new Date().toISOString(),
  });
  await eventually(
    async () =>
      (await service.context.db
        .selectFrom('members')
        .select('user_id')
        .where('user_id', '=', id)
        .executeTakeFirst()) ?? null,
  );
  return { id, token: await tokens.token({ sub: id }) };
}

async function call(path: string, token: string, body?: unknown) {
  const response = await fetch(`${service.url}/api/v1/notifications-email${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

const sendMessage = (recipientId: string, senderId: string) =>
  publish(MessageSent, {
    messageId: randomUUID(),
    conversationId: randomUUID(),
    sequence: 1,
    senderId,
    senderName: 'Ben',
    senderImageUrl: null,
    recipientIds: [recipientId],
    memberIds: [recipientId, senderId],
    body: 'Namaste',
    clientMessageId: null,
    sentAt: new Date().toISOString(),
  });

describe('web push', () => {
  it('keeps the VAPID key made on the first start, across restarts', async () => {
    const ana = await member('Ana');
    const { body } = await call('/push/vapid-public-key', ana.token);
    expect(body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    await service.stop();
    service = await startEmailService(infra, { verifier: tokens.verifier });
    expect((await call('/push/vapid-public-key', ana.token)).body.publicKey).toBe(body.publicKey);
  });

  it('pushes a message to each device, encrypted for it and signed with VAPID; not what is not pushed', async () => {
    const [ana, ben] = [await member('Ana'), await member('Ben')];
    const phone = device(`${pushService.url}/push/${randomUUID()}`);
    const laptop = device(`${pushService.url}/push/${randomUUID()}`);
    expect((await call('/push/subscriptions', ana.token, phone.subscription)).status).toBe(201);
    expect((await call('/push/subscriptions', ana.token, laptop.subscription)).status).toBe(201);
    await sendMessage(ana.id, ben.id);
    const path = new URL(phone.subscription.endpoint).pathname;
    const [delivery] = await eventually(async () =>
      pushService.to(path).length ? pushService.to(path) : null,
    );
    await eventually(async () =>
      pushService.to(new URL(laptop.subscription.endpoint).pathname).length ? true : null,
    );

    expect(delivery!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(delivery!.headers.ttl)).toBeGreaterThan(0);
    const plain = ece.decrypt(delivery!.body, {
      version: 'aes128gcm',
      privateKey: phone.ecdh,
      authSecret: phone.auth,
    });
    const message = JSON.parse(plain.toString('utf8'));
    expect(message).toMatchObject({ title: 'New message from Ben', body: 'Ben sent you a message' });
    expect(message.url).toMatch(/^\/messages\/[0-9a-f-]{36}$/);

    // Authorization: vapid t=<JWT signed with the stored key for this push service's origin>, k=<public key>.
    const auth = String(delivery!.headers.authorization);
    const [, jwt, k] = auth.match(/^vapid t=([^,]+), k=(.+)$/)!;
    expect(k).toBe((await call('/push/vapid-public-key', ana.token)).body.publicKey);
    const raw = Buffer.from(k!, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    expect(decodeProtectedHeader(jwt!).alg).toBe('ES256');
    const { payload } = await jwtVerify(jwt!, key, { audience: pushService.url });
    expect(payload.sub).toBe('mailto:no-reply@mer.local');

    // A comment is not pushed (only messages, mentions, connection requests and event reminders).
    const before = pushService.deliveries.length;
    await publish(FeedCommentAdded, {
      commentId: randomUUID(),
      postId: randomUUID(),
      postAuthorId: ana.id,
      authorId: ben.id,
      parentId: null,
      parentAuthorId: null,
      preview: 'hi',
    });
    await eventually(async () =>
      (
        await service.context.db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', ana.id)
          .execute()
      ).length === 2
        ? true
        : null,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(pushService.deliveries.length).toBe(before);
  });

  it("refuses a subscription whose endpoint is not a browser's push service (no requests to internal addresses)", async () => {
    const ana = await member('Ana');
    for (const endpoint of [
      'http://localhost:4007/api/v1/admin',
      'https://169.254.169.254/latest/meta-data',
    ]) {
      const refused = await call('/push/subscriptions', ana.token, device(endpoint).subscription);
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe("This browser's push service is not supported.");
    }
    const stored = await service.context.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', ana.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('respects push_notifications off, removes expired (410) subscriptions, and sends the test push', async () => {
    const [ana, ben] = [await member('Ana'), await member('Ben')];
    const live = device(`${pushService.url}/push/${randomUUID()}`);
    const expired = device(`${pushService.url}/gone/${randomUUID()}`);
    await call('/push/subscriptions', ana.token, live.subscription);
    await call('/push/subscriptions', ana.token, expired.subscription);
    expect((await call('/push/test', ana.token, {})).body).toEqual({ sent: 1, removed: 1 });
    const [test] = pushService.to(new URL(live.subscription.endpoint).pathname);
    expect(
      JSON.parse(
        ece
          .decrypt(test!.body, { version: 'aes128gcm', privateKey: live.ecdh, authSecret: live.auth })
          .toString(),
      ).body,
    ).toBe('Push notifications work on this device.');
    const rows = await service.context.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', ana.id)
      .execute();
    expect(rows.map((r) => r.endpoint)).toEqual([live.subscription.endpoint]);

    await publish(NotificationPreferencesChanged, {
      userId: ana.id,
      preferences: { push_notifications: false },
      changedAt: new Date().toISOString(),
    });
    await eventually(async () => {
      const m = await service.context.db
        .selectFrom('members')
        .select('notification_preferences')
        .where('user_id', '=', ana.id)
        .executeTakeFirst();
      return m?.notification_preferences?.push_notifications === false ? true : null;
    });
    await sendMessage(ana.id, ben.id);
    await eventually(async () =>
      (
        await service.context.db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', ana.id)
          .execute()
      ).length === 1
        ? true
        : null,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(pushService.to(new URL(live.subscription.endpoint).pathname)).toHaveLength(1);

    expect(
      (await call('/push/subscriptions/remove', ana.token, { endpoint: live.subscription.endpoint })).status,
    ).toBe(204);
    expect(
      await service.context.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', ana.id)
        .execute(),
    ).toHaveLength(0);
  });
});
