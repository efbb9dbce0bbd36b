import { sql, type Insertable, type Updateable } from 'kysely';
import type { EventsCirclesDb, MeetupRow, MeetupsTable, OccurrenceRow } from './tables.ts';

/* Circle meetups and their occurrences (a series expanded by the recurrence rule). */

export async function insertMeetup(db: EventsCirclesDb, row: Insertable<MeetupsTable>): Promise<MeetupRow> {
  return db.insertInto('meetups').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findMeetup(db: EventsCirclesDb, id: string): Promise<MeetupRow | undefined> {
  return db.selectFrom('meetups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockMeetup(db: EventsCirclesDb, id: string): Promise<MeetupRow | undefined> {
  return db.selectFrom('meetups').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateMeetup(
  db: EventsCirclesDb,
  id: string,
  changes: Updateable<MeetupsTable>,
): Promise<MeetupRow> {
  return db
    .updateTable('meetups')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function meetupsOfCircle(db: EventsCirclesDb, circleId: string): Promise<MeetupRow[]> {
  return db
    .selectFrom('meetups')
    .selectAll()
    .where('circle_id', '=', circleId)
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
}

export async function findMeetups(
  db: EventsCirclesDb,
  ids: readonly string[],
): Promise<Map<string, MeetupRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('meetups')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertOccurrences(
  db: EventsCirclesDb,
  rows: { id: string; meetupId: string; seriesLocalStart: string; startsAt: Date; endsAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('meetup_occurrences')
    .values(
      rows.map((r) => ({
        id: r.id,
        meetup_id: r.meetupId,
        series_local_start: r.seriesLocalStart,
        starts_at: r.startsAt,
        ends_at: r.endsAt,
      })),
    )
    .execute();
}

export async function occurrencesOf(
  db: EventsCirclesDb,
  meetupId: string,
  from: Date,
  limit: number,
): Promise<OccurrenceRow[]> {
  return db
    .selectFrom('meetup_occurrences')
    .selectAll()
    .where('meetup_id', '=', meetupId)
    .where('ends_at', '>', from)
    .orderBy('starts_at')
    .limit(limit)
    .execute();
}

export async function allOccurrencesOf(db: EventsCirclesDb, meetupId: string): Promise<OccurrenceRow[]> {
  return db
    .selectFrom('meetup_occurrences')
    .selectAll()
    .where('meetup_id', '=', meetupId)
    .orderBy('starts_at')
    .execute();
}

export async function findOccurrence(
  db: EventsCirclesDb,
  meetupId: string,
  occurrenceId: string,
): Promise<OccurrenceRow | undefined> {
  return db
    .selectFrom('meetup_occurrences')
    .selectAll()
    .where('meetup_id', '=', meetupId)
    .where('id', '=', occurrenceId)
    .executeTakeFirst();
}

export async function findOccurrencesById(
  db: EventsCirclesDb,
  ids: readonly string[],
): Promise<OccurrenceRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('meetup_occurrences')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** The occurrence locked: RSVPs to one occurrence queue here, in arrival order. */
export async function lockOccurrence(
  db: EventsCirclesDb,
  occurrenceId: string,
): Promise<OccurrenceRow | undefined> {
  return db
    .selectFrom('meetup_occurrences')
    .selectAll()
    .where('id', '=', occurrenceId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateOccurrence(
  db: EventsCirclesDb,
  occurrenceId: string,
  changes: Partial<
    Pick<
      OccurrenceRow,
      'starts_at' | 'ends_at' | 'capacity' | 'status' | 'modified' | 'going_count' | 'waitlist_count'
    >
  >,
): Promise<OccurrenceRow> {
  return db
    .updateTable('meetup_occurrences')
    .set(changes)
    .where('id', '=', occurrenceId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteOccurrences(db: EventsCirclesDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('meetup_occurrences')
    .where('id', 'in', [...ids])
    .execute();
}
