import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { NotificationsEmailTables } from './tables.ts';

type Db = Kysely<NotificationsEmailTables>;

export interface PushSubscriptionRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** One row per device endpoint: subscribing again (or as another member on that device) takes it over. */
export async function savePushSubscription(
  db: Db,
  s: { userId: string; endpoint: string; p256dh: string; auth: string },
): Promise<string> {
  const row = await db
    .insertInto('push_subscriptions')
    .values({ id: randomUUID(), user_id: s.userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ user_id: s.userId, p256dh: s.p256dh, auth: s.auth, created_at: sql`now()` }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

export async function deletePushSubscriptionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function memberPushSubscriptions(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .execute();
}

export async function markPushDelivered(db: Db, id: string): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set({ last_success_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
