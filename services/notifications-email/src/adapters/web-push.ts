import webpush from 'web-push';
import type { Kysely } from 'kysely';
import type { Logger } from '@mer/service-runtime';
import type { NotificationsEmailTables } from '../db/tables.ts';
import {
  deletePushSubscriptionById,
  markPushDelivered,
  memberPushSubscriptions,
} from '../db/push-subscriptions.repository.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What the service worker shows: a title, a body and the page a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/**
 * Web push through the `web-push` library (VAPID, aes128gcm). Sends to each device of a member; a push service
 * answering 404 or 410 means the subscription expired or was revoked, so it is removed.
 */
export class PushSender {
  constructor(
    private readonly db: Kysely<NotificationsEmailTables>,
    private readonly vapid: VapidKeys,
    private readonly subject: string,
    private readonly log: Logger,
  ) {}

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  async sendToMember(userId: string, message: PushMessage): Promise<{ sent: number; removed: number }> {
    const subscriptions = await memberPushSubscriptions(this.db, userId);
    let sent = 0;
    let removed = 0;
    await Promise.all(
      subscriptions.map(async (s) => {
        try {
          await webpush.sendNotification(
            { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
            JSON.stringify(message),
            {
              vapidDetails: { subject: this.subject, ...this.vapid },
              TTL: 24 * 3600,
              timeout: 10_000,
              ...(message.tag ? { topic: topicOf(message.tag) } : {}),
            },
          );
          sent++;
          await markPushDelivered(this.db, s.id);
        } catch (err) {
          const status = (err as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            removed++;
            await deletePushSubscriptionById(this.db, s.id);
            this.log.info({ subscriptionId: s.id, status }, 'push subscription expired: removed');
          } else {
            this.log.warn(
              { subscriptionId: s.id, status, err: (err as Error).message },
              'push not delivered',
            );
          }
        }
      }),
    );
    return { sent, removed };
  }
}

/** A push topic is at most 32 URL-safe characters: a later push with the same topic replaces an undelivered one. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
}

export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}
