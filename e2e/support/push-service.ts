import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// http_ece is web-push's own encryption library: the fake push service decrypts with it as the browser would.
import ece from 'http_ece';

/**
 * A browser vendor's push service (FCM, Mozilla's autopush) cannot be reached here, so this one stands in for it,
 * speaking the Web Push protocol (RFC 8030, aes128gcm): MER's server POSTs each encrypted push to the device's
 * endpoint; the fake decrypts it with the device's private key and auth secret, as a browser does, and hands the
 * plain payload to `onPush` (a test delivers it to the page's service worker through DevTools).
 */
export class FakePushService {
  readonly payloads: string[] = [];
  onPush: (payload: string) => Promise<void> = async () => {};
  private readonly ecdh: ECDH = createECDH('prime256v1');
  private readonly auth = randomBytes(16);
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const payload = ece
          .decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: this.ecdh,
            authSecret: this.auth,
          })
          .toString('utf8');
        this.payloads.push(payload);
        this.onPush(payload).then(
          () => {
            res.statusCode = 201;
            res.end();
          },
          () => {
            res.statusCode = 500;
            res.end();
          },
        );
      } catch {
        res.statusCode = 400;
        res.end();
      }
    });
  });
  endpoint = '';

  constructor() {
    this.ecdh.generateKeys();
  }

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.endpoint = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/push/device-1`;
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  /** What the browser's PushSubscription.toJSON() gives for this device. */
  subscription() {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: this.ecdh.getPublicKey('base64url'), auth: this.auth.toString('base64url') },
    };
  }
}
