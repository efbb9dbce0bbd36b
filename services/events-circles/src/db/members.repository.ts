import { sql } from 'kysely';
import type { EventsCirclesDb, MemberRow, MembersTable } from './tables.ts';

/*
 * Copies of other services' facts: members (profile-onboarding), memberships (billing), connections
 * (social-graph). Each upsert keeps the newest announcement by occurredAt, so events handled out of order never
 * bring an older state back.
 */

export async function saveMember(
  db: EventsCirclesDb,
  m: {
    userId: string;
    name: string;
    username: string;
    imageUrl: string | null;
    cityId: string | null;
    latitude: number | null;
    longitude: number | null;
    interests: string[];
    onboarded: boolean;
    occurredAt: Date;
  },
): Promise<void> {
  const newer = <T>(column: keyof MembersTable & string) =>
    sql<T>`case when members.occurred_at < excluded.occurred_at then excluded.${sql.ref(column)} else members.${sql.ref(column)} end`;
  await db
    .insertInto('members')
    .values({
      user_id: m.userId,
      name: m.name,
      username: m.username,
      image_url: m.imageUrl,
      city_id: m.cityId,
      latitude: m.latitude,
      longitude: m.longitude,
      interests: m.interests,
      onboarded: m.onboarded,
      occurred_at: m.occurredAt,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        name: newer<string>('name'),
        username: newer<string>('username'),
        image_url: newer<string | null>('image_url'),
        city_id: newer<string | null>('city_id'),
        latitude: newer<number | null>('latitude'),
        longitude: newer<number | null>('longitude'),
        interests: newer<string[]>('interests'),
        // Onboarded once is onboarded for good, whatever the order.
        onboarded: sql<boolean>`members.onboarded or excluded.onboarded`,
        occurred_at: sql<Date>`greatest(members.occurred_at, excluded.occurred_at)`,
      }),
    )
    .execute();
}

export async function findMembers(
  db: EventsCirclesDb,
  userIds: readonly string[],
): Promise<Map<string, MemberRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .selectAll()
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.user_id, r]));
}

export async function findMember(db: EventsCirclesDb, userId: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function saveMembership(
  db: EventsCirclesDb,
  m: { membershipId: string; userId: string; status: string; expiresAt: Date | null; occurredAt: Date },
): Promise<void> {
  await db
    .insertInto('memberships')
    .values({
      membership_id: m.membershipId,
      user_id: m.userId,
      status: m.status,
      expires_at: m.expiresAt,
      occurred_at: m.occurredAt,
    })
    .onConflict((oc) =>
      oc
        .column('membership_id')
        .doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          expires_at: eb.ref('excluded.expires_at'),
          occurred_at: eb.ref('excluded.occurred_at'),
        }))
        .where('memberships.occurred_at', '<', (eb) => eb.ref('excluded.occurred_at')),
    )
    .execute();
}

/** The member's standing: onboarded (profile completed) and an active, unexpired membership at `now`. */
export async function memberStanding(
  db: EventsCirclesDb,
  userId: string,
  now: Date,
): Promise<{ onboarded: boolean; paid: boolean }> {
  const row = await db
    .selectFrom('members')
    .select('onboarded')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const paid = await db
    .selectFrom('memberships')
    .select('membership_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return { onboarded: row?.onboarded ?? false, paid: paid !== undefined };
}

/** Records both directions of a connection (or its end), unless a newer announcement is stored. */
export async function saveConnection(
  db: EventsCirclesDb,
  c: { a: string; b: string; connected: boolean; occurredAt: Date },
): Promise<void> {
  await db
    .insertInto('connections')
    .values([
      { user_id: c.a, other_id: c.b, connected: c.connected, occurred_at: c.occurredAt },
      { user_id: c.b, other_id: c.a, connected: c.connected, occurred_at: c.occurredAt },
    ])
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'other_id'])
        .doUpdateSet((eb) => ({
          connected: eb.ref('excluded.connected'),
          occurred_at: eb.ref('excluded.occurred_at'),
        }))
        .where('connections.occurred_at', '<', (eb) => eb.ref('excluded.occurred_at')),
    )
    .execute();
}

export async function connectionsOf(db: EventsCirclesDb, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('connections')
    .select('other_id')
    .where('user_id', '=', userId)
    .where('connected', '=', true)
    .execute();
  return new Set(rows.map((r) => r.other_id));
}

/** Erasure: the member's copies and every connection naming them. */
export async function forgetMemberFacts(db: EventsCirclesDb, userId: string): Promise<void> {
  await db.deleteFrom('members').where('user_id', '=', userId).execute();
  await db.deleteFrom('memberships').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('connections')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('other_id', '=', userId)]))
    .execute();
}
