import { sql, type Insertable, type Updateable } from 'kysely';
import type { EventRow, EventsCirclesDb, EventsTable } from './tables.ts';

/* Events: rows, listings (upcoming near a place, this week, mine, all) and the review queue. */

export async function insertEvent(db: EventsCirclesDb, row: Insertable<EventsTable>): Promise<EventRow> {
  return db.insertInto('events').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findEvent(db: EventsCirclesDb, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The event locked for the rest of the transaction: RSVPs to one event queue here, in arrival order. */
export async function lockEvent(db: EventsCirclesDb, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateEvent(
  db: EventsCirclesDb,
  id: string,
  changes: Updateable<EventsTable>,
): Promise<EventRow> {
  return db
    .updateTable('events')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findEvents(db: EventsCirclesDb, ids: readonly string[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('events')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export interface EventListing {
  view: 'upcoming' | 'this-week' | 'mine' | 'all';
  viewerId: string;
  now: Date;
  from?: Date | undefined;
  to?: Date | undefined;
  near?: {
    lat: number;
    lon: number;
    km: number;
    box: { minLat: number; maxLat: number; minLon: number; maxLon: number };
  };
  cityId?: string | undefined;
  circleId?: string | undefined;
  category?: string | undefined;
  type?: string | undefined;
  after?: { key: string; id: string } | undefined;
  limit: number;
}

const distanceSql = (lat: number, lon: number) =>
  sql<number>`(2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(events.latitude - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(events.latitude)) * power(sin(radians(events.longitude - ${lon}) / 2), 2)))))`;

/** Events soonest first (keyset on starts_at, id); near a place: inside its box and radius. */
export async function listEvents(
  db: EventsCirclesDb,
  l: EventListing,
): Promise<(EventRow & { distance_km: number | null })[]> {
  let q = db.selectFrom('events').selectAll('events');
  if (l.view === 'mine') {
    q = q.where((eb) =>
      eb.or([
        eb('events.host_id', '=', l.viewerId),
        eb.exists(
          eb
            .selectFrom('rsvps')
            .select('rsvps.user_id')
            .whereRef('rsvps.target_id', '=', 'events.id')
            .where('rsvps.user_id', '=', l.viewerId)
            .where('rsvps.status', 'in', ['going', 'waitlisted']),
        ),
      ]),
    );
    q = q.where('events.ends_at', '>', l.from ?? l.now);
  } else {
    q = q.where('events.approval_status', '=', 'approved');
    if (l.view !== 'all') q = q.where('events.status', '=', 'scheduled').where('events.ends_at', '>', l.now);
  }
  // An event a moderator hid is listed only to its host.
  q = q.where((eb) => eb.or([eb('events.hidden_at', 'is', null), eb('events.host_id', '=', l.viewerId)]));
  if (l.from) q = q.where('events.starts_at', '>=', l.from);
  const to = l.view === 'this-week' ? new Date((l.from ?? l.now).getTime() + 7 * 86_400_000) : l.to;
  if (to) q = q.where('events.starts_at', '<', to);
  if (l.cityId) q = q.where('events.city_id', '=', l.cityId);
  if (l.circleId) q = q.where('events.circle_id', '=', l.circleId);
  if (l.category) q = q.where('events.category', '=', l.category);
  if (l.type === 'in_person' || l.type === 'online' || l.type === 'hybrid')
    q = q.where('events.type', '=', l.type);
  if (l.after) {
    const at = new Date(l.after.key);
    const id = l.after.id;
    q = q.where((eb) =>
      eb.or([
        eb('events.starts_at', '>', at),
        eb.and([eb('events.starts_at', '=', at), eb('events.id', '>', id)]),
      ]),
    );
  }
  if (l.near) {
    const { lat, lon, km, box } = l.near;
    const crossesDateLine = box.minLon < -180 || box.maxLon > 180;
    q = q.where('events.latitude', '>=', box.minLat).where('events.latitude', '<=', box.maxLat);
    if (!crossesDateLine)
      q = q.where('events.longitude', '>=', box.minLon).where('events.longitude', '<=', box.maxLon);
    q = q.where(distanceSql(lat, lon), '<=', km);
    return q
      .select(distanceSql(lat, lon).as('distance_km'))
      .orderBy('events.starts_at')
      .orderBy('events.id')
      .limit(l.limit)
      .execute();
  }
  return q
    .select(sql<number | null>`null::float8`.as('distance_km'))
    .orderBy('events.starts_at')
    .orderBy('events.id')
    .limit(l.limit)
    .execute();
}

export async function pendingEvents(db: EventsCirclesDb): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('approval_status', '=', 'pending')
    .orderBy('created_at')
    .limit(200)
    .execute();
}

/** Upcoming approved events with the most RSVPs in the last 7 days. */
export async function trendingEvents(db: EventsCirclesDb, now: Date, limit: number): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll('events')
    .where('events.approval_status', '=', 'approved')
    .where('events.hidden_at', 'is', null)
    .where('events.status', '=', 'scheduled')
    .where('events.starts_at', '>', now)
    .orderBy(
      (eb) =>
        eb
          .selectFrom('rsvps')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('rsvps.target_id', '=', 'events.id')
          .where('rsvps.status', '=', 'going')
          .where('rsvps.responded_at', '>', new Date(now.getTime() - 7 * 86_400_000)),
      'desc',
    )
    .orderBy('events.going_count', 'desc')
    .orderBy('events.starts_at')
    .limit(limit)
    .execute();
}
