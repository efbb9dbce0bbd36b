import { sql } from 'kysely';
import type { MemberBadge, MemberChart, MemberRow, SocialGraphDb } from './tables.ts';

/** The only place that speaks SQL about the read model of members. A transaction is a SocialGraphDb too. */

/** identity's sign-up: the member exists, not yet onboarded. A later profile event fills in the rest. */
export async function insertRegisteredMember(
  db: SocialGraphDb,
  member: { userId: string; name: string; username: string },
): Promise<void> {
  await db
    .insertInto('members')
    .values({
      user_id: member.userId,
      name: member.name,
      username: member.username,
      image_url: null,
      city: null,
      latitude: null,
      longitude: null,
      sun_sign: null,
      human_design_type: null,
      chart: null,
      onboarded_at: null,
      profile_at: null,
      search_text: searchText(member.name, member.username),
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export interface MemberProfile {
  userId: string;
  name: string;
  username: string;
  imageUrl: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  locationSharing: boolean;
  showInDiscovery: boolean;
  languages: string[];
  practices: string[];
  badges: MemberBadge[];
  chart: MemberChart | null;
  /** Set by the completion event; an update leaves the first completion time alone. */
  completedAt: Date | null;
  occurredAt: Date;
}

/**
 * A profile event: the row becomes what the event says, unless a newer profile event was applied already
 * (events of different subjects arrive in any order, and may be redelivered). Only the completion event makes
 * the member onboarded, whenever it arrives: an edit seen first leaves the flag alone.
 */
export async function applyProfile(db: SocialGraphDb, p: MemberProfile): Promise<void> {
  const values = {
    name: p.name,
    username: p.username,
    image_url: p.imageUrl,
    city: p.city,
    latitude: p.latitude,
    longitude: p.longitude,
    location_sharing: p.locationSharing,
    show_in_discovery: p.showInDiscovery,
    languages: p.languages,
    practices: p.practices,
    practices_key: p.practices.map((x) => x.toLowerCase()),
    badges: JSON.stringify(p.badges),
    sun_sign: p.chart?.sunSign ?? null,
    human_design_type: p.chart?.humanDesignType ?? null,
    chart: p.chart ? JSON.stringify(p.chart) : null,
    search_text: searchText(p.name, p.username),
    profile_at: p.occurredAt,
  };
  await db
    .insertInto('members')
    .values({ user_id: p.userId, ...values, onboarded_at: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet(values)
        .where(sql<boolean>`members.profile_at is null or members.profile_at <= excluded.profile_at`),
    )
    .execute();
  if (p.completedAt) {
    await db
      .updateTable('members')
      .set({ onboarded: true, onboarded_at: sql<Date>`coalesce(onboarded_at, ${p.completedAt})` })
      .where('user_id', '=', p.userId)
      .execute();
  }
}

export async function findMember(db: SocialGraphDb, userId: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findMembers(db: SocialGraphDb, userIds: readonly string[]): Promise<MemberRow[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom('members').selectAll().where('user_id', 'in', userIds).execute();
}

export async function deleteMember(db: SocialGraphDb, userId: string): Promise<void> {
  await db.deleteFrom('members').where('user_id', '=', userId).execute();
}

function searchText(name: string, username: string): string {
  return `${name} ${username}`.toLowerCase();
}
