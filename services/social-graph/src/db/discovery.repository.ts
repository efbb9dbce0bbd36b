import { sql } from 'kysely';
import type { BoundingBox } from '../domain/geo.ts';
import { EARTH_RADIUS_KM } from '../domain/geo.ts';
import type { MemberRow, SocialGraphDb } from './tables.ts';

/** The SQL of people discovery: who may be listed, the filters, and the keyset order (newest members first). */

export interface DiscoveryFilters {
  viewerId: string;
  /** Lower-cased text matched inside name and username (trigram index). */
  text?: string;
  /** Lower-cased practice name. */
  practice?: string;
  near?: { latitude: number; longitude: number; radiusKm: number; box: BoundingBox };
  language?: string;
  humanDesignType?: string;
  sunSign?: string;
  joinedSince?: Date;
  after: { at: string; id: string } | null;
  limit: number;
}

/**
 * Two steps: the page's ids and sort keys first (an index-only scan when the filters are covered, as for
 * practice within a radius), then those rows.
 */
export async function discoverMembers(db: SocialGraphDb, f: DiscoveryFilters): Promise<MemberRow[]> {
  let query = db
    .selectFrom('members as m')
    .select(['m.user_id', 'm.onboarded_at'])
    // Never the not onboarded, the hidden, the viewer, or anyone blocked either way.
    .where('m.onboarded', '=', true)
    .where('m.show_in_discovery', '=', true)
    .where('m.user_id', '<>', f.viewerId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('blocks as b')
            .select('b.blocker_id')
            .where((eb) =>
              eb.or([
                eb.and([eb('b.blocker_id', '=', eb.ref('m.user_id')), eb('b.blocked_id', '=', f.viewerId)]),
                eb.and([eb('b.blocker_id', '=', f.viewerId), eb('b.blocked_id', '=', eb.ref('m.user_id'))]),
              ]),
            ),
        ),
      ),
    );
  if (f.text) query = query.where('m.search_text', 'like', `%${escapeLike(f.text)}%`);
  if (f.practice) query = query.where(sql<boolean>`m.practices_key @> array[${f.practice}]::text[]`);
  if (f.language) query = query.where(sql<boolean>`m.languages @> array[${f.language}]::text[]`);
  if (f.humanDesignType) query = query.where(sql<boolean>`lower(m.human_design_type) = ${f.humanDesignType}`);
  if (f.sunSign) query = query.where(sql<boolean>`lower(m.sun_sign) = ${f.sunSign}`);
  if (f.joinedSince) query = query.where('m.onboarded_at', '>=', f.joinedSince);
  if (f.near) {
    const { latitude, longitude, radiusKm, box } = f.near;
    query = query
      .where('m.location_sharing', '=', true)
      .where('m.latitude', 'is not', null)
      .where('m.latitude', '>=', box.minLat)
      .where('m.latitude', '<=', box.maxLat);
    if (box.minLon !== null && box.maxLon !== null) {
      query = query.where('m.longitude', '>=', box.minLon).where('m.longitude', '<=', box.maxLon);
    }
    query = query.where(
      sql<boolean>`2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
        power(sin(radians(m.latitude - ${latitude}::float8) / 2), 2) +
        cos(radians(${latitude}::float8)) * cos(radians(m.latitude)) *
        power(sin(radians(m.longitude - ${longitude}::float8) / 2), 2)))) <= ${radiusKm}::float8`,
    );
  }
  if (f.after) {
    query = query.where(
      sql<boolean>`(m.onboarded_at, m.user_id) < (${new Date(f.after.at)}, ${f.after.id}::uuid)`,
    );
  }
  const page = query.orderBy('m.onboarded_at', 'desc').orderBy('m.user_id', 'desc').limit(f.limit);
  return db
    .with('page', () => page)
    .selectFrom('page')
    .innerJoin('members', 'members.user_id', 'page.user_id')
    .selectAll('members')
    .orderBy('page.onboarded_at', 'desc')
    .orderBy('page.user_id', 'desc')
    .execute();
}

/** Whether the viewer may see this member at all (onboarded, and no block either way). Hidden members too. */
export async function visibleMember(
  db: SocialGraphDb,
  viewerId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members as m')
    .selectAll('m')
    .where('m.user_id', '=', userId)
    .where('m.onboarded', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('blocks as b')
            .select('b.blocker_id')
            .where((eb) =>
              eb.or([
                eb.and([eb('b.blocker_id', '=', userId), eb('b.blocked_id', '=', viewerId)]),
                eb.and([eb('b.blocker_id', '=', viewerId), eb('b.blocked_id', '=', userId)]),
              ]),
            ),
        ),
      ),
    )
    .executeTakeFirst();
}

/** Candidates for recommendations: discoverable members, without the viewer, blocks either way and dismissals. */
export async function recommendationCandidates(
  db: SocialGraphDb,
  viewerId: string,
  limit: number,
): Promise<MemberRow[]> {
  return db
    .selectFrom('members as m')
    .selectAll('m')
    .where('m.onboarded', '=', true)
    .where('m.show_in_discovery', '=', true)
    .where('m.user_id', '<>', viewerId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('blocks as b')
            .select('b.blocker_id')
            .where((eb) =>
              eb.or([
                eb.and([eb('b.blocker_id', '=', eb.ref('m.user_id')), eb('b.blocked_id', '=', viewerId)]),
                eb.and([eb('b.blocker_id', '=', viewerId), eb('b.blocked_id', '=', eb.ref('m.user_id'))]),
              ]),
            ),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('recommendation_dismissals as d')
            .select('d.user_id')
            .where('d.user_id', '=', viewerId)
            .whereRef('d.dismissed_user_id', '=', 'm.user_id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('connection_requests as c')
            .select('c.id')
            .where('c.deleted', '=', false)
            .where((eb) =>
              eb.or([
                eb.and([eb('c.sender_id', '=', viewerId), eb('c.receiver_id', '=', eb.ref('m.user_id'))]),
                eb.and([eb('c.receiver_id', '=', viewerId), eb('c.sender_id', '=', eb.ref('m.user_id'))]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('m.onboarded_at', 'desc')
    .limit(limit)
    .execute();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
