import { sql } from 'kysely';
import type { CommunityFeedDb, MemberRow } from './tables.ts';

/*
 * Copies of other services' facts: members (profile-onboarding), memberships (billing), connections, blocks and
 * mutes (social-graph). Each upsert keeps the newest announcement by occurredAt, so events handled out of order
 * never bring an older state back.
 */

export async function saveMember(
  db: CommunityFeedDb,
  m: {
    userId: string;
    name: string;
    username: string;
    imageUrl: string | null;
    onboarded: boolean;
    occurredAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('members')
    .values({
      user_id: m.userId,
      name: m.name,
      username: m.username,
      image_url: m.imageUrl,
      onboarded: m.onboarded,
      occurred_at: m.occurredAt,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        // The newest announcement's names win; onboarded once is onboarded for good, whatever the order.
        name: sql<string>`case when members.occurred_at < excluded.occurred_at then excluded.name else members.name end`,
        username: sql<string>`case when members.occurred_at < excluded.occurred_at then excluded.username else members.username end`,
        image_url: sql<
          string | null
        >`case when members.occurred_at < excluded.occurred_at then excluded.image_url else members.image_url end`,
        onboarded: sql<boolean>`members.onboarded or excluded.onboarded`,
        occurred_at: sql<Date>`greatest(members.occurred_at, excluded.occurred_at)`,
      }),
    )
    .execute();
}

export async function findMembers(
  db: CommunityFeedDb,
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

export async function findMembersByUsernames(
  db: CommunityFeedDb,
  usernames: readonly string[],
): Promise<MemberRow[]> {
  if (usernames.length === 0) return [];
  return db
    .selectFrom('members')
    .selectAll()
    .where(sql<string>`lower(username)`, 'in', [...usernames])
    .execute();
}

export async function saveMembership(
  db: CommunityFeedDb,
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

/** The member's standing: onboarded (profile completed) and an active, unexpired membership. */
export async function memberStanding(
  db: CommunityFeedDb,
  userId: string,
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
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  return { onboarded: row?.onboarded ?? false, paid: paid !== undefined };
}

/** Records both directions of a connection (or its end), unless a newer announcement is stored. */
export async function saveConnection(
  db: CommunityFeedDb,
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

export async function saveFilter(
  db: CommunityFeedDb,
  f: { userId: string; otherId: string; kind: 'block' | 'mute'; active: boolean; occurredAt: Date },
): Promise<void> {
  await db
    .insertInto('member_filters')
    .values({
      user_id: f.userId,
      other_id: f.otherId,
      kind: f.kind,
      active: f.active,
      occurred_at: f.occurredAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'other_id', 'kind'])
        .doUpdateSet((eb) => ({
          active: eb.ref('excluded.active'),
          occurred_at: eb.ref('excluded.occurred_at'),
        }))
        .where('member_filters.occurred_at', '<', (eb) => eb.ref('excluded.occurred_at')),
    )
    .execute();
}

export async function areConnected(db: CommunityFeedDb, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('connections')
    .select('connected')
    .where('user_id', '=', a)
    .where('other_id', '=', b)
    .executeTakeFirst();
  return row?.connected ?? false;
}

/** Members whose content the viewer does not see: those they blocked or muted, and those who blocked them. */
export async function hiddenAuthorsFor(db: CommunityFeedDb, viewerId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('member_filters')
    .select(['user_id', 'other_id'])
    .where('active', '=', true)
    .where((eb) =>
      eb.or([
        eb('user_id', '=', viewerId),
        eb.and([eb('other_id', '=', viewerId), eb('kind', '=', 'block')]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => (r.user_id === viewerId ? r.other_id : r.user_id)));
}

/** Erasure: the member's copies and every filter or connection naming them. */
export async function forgetMemberFacts(db: CommunityFeedDb, userId: string): Promise<void> {
  await db.deleteFrom('members').where('user_id', '=', userId).execute();
  await db.deleteFrom('memberships').where('user_id', '=', userId).execute();
  await db
    .deleteFrom('connections')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('other_id', '=', userId)]))
    .execute();
  await db
    .deleteFrom('member_filters')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('other_id', '=', userId)]))
    .execute();
}
