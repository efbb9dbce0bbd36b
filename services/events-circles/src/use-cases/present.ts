import type { Circle, EcMember, MeetupOccurrence, MerEvent, Meetup, Recurrence } from '@mer/contracts';
import { findCircles, standingsIn } from '../db/circles.repository.ts';
import { findMembers } from '../db/members.repository.ts';
import { rsvpsOf, waitlistPosition } from '../db/rsvps.repository.ts';
import type {
  CircleRow,
  EventRow,
  EventsCirclesDb,
  MeetupRow,
  MemberRow,
  OccurrenceRow,
  RsvpRow,
} from '../db/tables.ts';
import { attendance, placeFor, standingOf } from '../domain/rules.ts';
import { utcToLocal } from '../domain/time.ts';
import type { Viewer } from './access.ts';

/** Rows as the API shows them: people from the members copy, the viewer's standing and answers. */

export const PHOTO_FILES_PATH = '/api/v1/events-circles/photo-files/';
export const coverUrl = (photoId: string | null) => (photoId ? `${PHOTO_FILES_PATH}${photoId}.jpg` : null);

/** A member the copy does not know yet (their profile event is still on its way). */
export function toMember(userId: string, members: Map<string, MemberRow>): EcMember {
  const m = members.get(userId);
  return m
    ? { userId, name: m.name, username: m.username, imageUrl: m.image_url }
    : { userId, name: 'Member', username: '', imageUrl: null };
}

export async function presentCircles(
  db: EventsCirclesDb,
  viewer: Viewer,
  rows: readonly CircleRow[],
): Promise<Circle[]> {
  const [members, standings] = await Promise.all([
    findMembers(
      db,
      rows.map((r) => r.holder_id),
    ),
    standingsIn(
      db,
      viewer.userId,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    category: r.category as Circle['category'],
    joinPolicy: r.join_policy,
    city: r.city_id && r.city_label ? { id: r.city_id, label: r.city_label } : null,
    online: r.city_id === null,
    coverUrl: coverUrl(r.cover_photo_id),
    approvalStatus: r.approval_status,
    rejectionReason: r.holder_id === viewer.userId || viewer.reviewer ? r.rejection_reason : null,
    holder: toMember(r.holder_id, members),
    memberCount: r.member_count,
    myStanding: standingOf(standings.get(r.id)),
    createdAt: r.created_at.toISOString(),
    ...(r.hidden_at ? { hidden: true } : {}),
  }));
}

export async function presentCircle(db: EventsCirclesDb, viewer: Viewer, row: CircleRow): Promise<Circle> {
  const [circle] = await presentCircles(db, viewer, [row]);
  return circle!;
}

async function myAttendance(
  db: EventsCirclesDb,
  targetId: string,
  rsvp: RsvpRow | undefined,
): Promise<{ status: RsvpRow['status'] | 'none'; waitlistPosition: number | null }> {
  if (!rsvp) return { status: 'none', waitlistPosition: null };
  return {
    status: rsvp.status,
    waitlistPosition:
      rsvp.status === 'waitlisted' ? await waitlistPosition(db, targetId, rsvp.queued_seq) : null,
  };
}

export async function presentEvents(
  db: EventsCirclesDb,
  viewer: Viewer,
  rows: readonly (EventRow & { distance_km?: number | null })[],
): Promise<MerEvent[]> {
  const [members, circles, answers] = await Promise.all([
    findMembers(
      db,
      rows.map((r) => r.host_id),
    ),
    findCircles(
      db,
      rows.flatMap((r) => (r.circle_id ? [r.circle_id] : [])),
    ),
    rsvpsOf(
      db,
      viewer.userId,
      rows.map((r) => r.id),
    ),
  ]);
  return Promise.all(
    rows.map(async (r) => {
      const rsvp = answers.get(r.id);
      const mine = await myAttendance(db, r.id, rsvp);
      const insider = r.host_id === viewer.userId || viewer.reviewer || rsvp?.status === 'going';
      const circle = r.circle_id ? circles.get(r.circle_id) : undefined;
      return {
        id: r.id,
        title: r.title,
        description: r.description,
        category: r.category as MerEvent['category'],
        type: r.type,
        place: placeFor(r, insider),
        timeZone: r.time_zone,
        startsAt: r.starts_at.toISOString(),
        endsAt: r.ends_at.toISOString(),
        localStart: utcToLocal(r.starts_at, r.time_zone),
        localEnd: utcToLocal(r.ends_at, r.time_zone),
        coverUrl: coverUrl(r.cover_photo_id),
        circle: circle ? { id: circle.id, name: circle.name } : null,
        host: toMember(r.host_id, members),
        approvalStatus: r.approval_status,
        rejectionReason: r.host_id === viewer.userId || viewer.reviewer ? r.rejection_reason : null,
        ...(r.hidden_at ? { hidden: true } : {}),
        status: r.status,
        cancellationReason: r.cancellation_reason,
        attendance: attendance(r, mine),
        ...(r.distance_km !== undefined && r.distance_km !== null
          ? { distanceKm: Math.round(r.distance_km * 10) / 10 }
          : {}),
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
      };
    }),
  );
}

export async function presentEvent(db: EventsCirclesDb, viewer: Viewer, row: EventRow): Promise<MerEvent> {
  const [event] = await presentEvents(db, viewer, [row]);
  return event!;
}

/** An occurrence's capacity: its own when edited alone, else the series'. */
export const occurrenceCapacity = (o: OccurrenceRow, m: MeetupRow): number | null => o.capacity ?? m.capacity;

export async function presentOccurrences(
  db: EventsCirclesDb,
  viewer: Viewer,
  meetup: MeetupRow,
  rows: readonly OccurrenceRow[],
): Promise<MeetupOccurrence[]> {
  const answers = await rsvpsOf(
    db,
    viewer.userId,
    rows.map((r) => r.id),
  );
  return Promise.all(
    rows.map(async (o) => ({
      id: o.id,
      meetupId: o.meetup_id,
      startsAt: o.starts_at.toISOString(),
      endsAt: o.ends_at.toISOString(),
      localStart: utcToLocal(o.starts_at, meetup.time_zone),
      localEnd: utcToLocal(o.ends_at, meetup.time_zone),
      status: meetup.status === 'cancelled' ? 'cancelled' : o.status,
      modified: o.modified,
      attendance: attendance(
        { ...o, capacity: occurrenceCapacity(o, meetup) },
        await myAttendance(db, o.id, answers.get(o.id)),
      ),
    })),
  );
}

export async function presentMeetup(
  db: EventsCirclesDb,
  viewer: Viewer,
  meetup: MeetupRow,
  circle: CircleRow,
  insider: boolean,
): Promise<Meetup> {
  const members = await findMembers(db, [meetup.host_id]);
  return {
    id: meetup.id,
    circleId: meetup.circle_id,
    circleName: circle.name,
    title: meetup.title,
    description: meetup.description,
    type: meetup.type,
    place: placeFor(meetup, insider || meetup.host_id === viewer.userId || viewer.reviewer),
    timeZone: meetup.time_zone,
    localStart: meetup.local_start,
    localEnd: meetup.local_end,
    recurrence: (meetup.recurrence as Recurrence | null) ?? null,
    rrule: meetup.rrule,
    capacity: meetup.capacity,
    host: toMember(meetup.host_id, members),
    status: meetup.status,
    createdAt: meetup.created_at.toISOString(),
  };
}
