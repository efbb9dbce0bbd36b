import { savePushSubscription, deletePushSubscription } from '../db/push-subscriptions.repository.ts';
import { invalidData } from '@mer/service-runtime';
import { NotificationsEmailTexts } from '@mer/contracts';
import type { NotificationsEmailDeps } from '../deps.ts';
import { pushEndpointAllowed } from '../domain/push-endpoints.ts';

export function pushPublicKey(deps: Pick<NotificationsEmailDeps, 'push'>): { publicKey: string } {
  return { publicKey: deps.push.publicKey };
}

export async function subscribeDevice(
  deps: NotificationsEmailDeps,
  userId: string,
  body: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<{ id: string }> {
  if (!pushEndpointAllowed(body.endpoint, deps.pushServices))
    throw invalidData('Push not available', NotificationsEmailTexts.pushServiceNotSupported, 'endpoint');
  const id = await deps.transaction(async (tx) => {
    await tx.members.lock(userId);
    return savePushSubscription(tx.trx, { userId, endpoint: body.endpoint, ...body.keys });
  });
  return { id };
}

export async function unsubscribeDevice(
  deps: NotificationsEmailDeps,
  userId: string,
  endpoint: string,
): Promise<void> {
  await deletePushSubscription(deps.db, userId, endpoint);
}

/** Settings' "Test push": one push to each of the caller's devices. */
export async function sendTestPush(
  deps: NotificationsEmailDeps,
  userId: string,
): Promise<{ sent: number; removed: number }> {
  return deps.push.sendToMember(userId, {
    title: 'MER',
    body: 'Push notifications work on this device.',
    url: '/notifications',
    tag: 'test',
  });
}
