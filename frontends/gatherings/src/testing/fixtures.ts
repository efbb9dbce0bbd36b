/** Answers of events-circles as the component tests need them (shapes from the contracts). */
import type { Attendance, Circle, EcMember, MeetupDetail, MerEvent } from '@mer/contracts';

export const ME = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ana@example.org',
  emailConfirmed: true,
  name: 'Ana Lima',
  username: 'ana',
} as never;

export const member = (n: number, name: string): EcMember => ({
  userId: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  name,
  username: name.toLowerCase().replace(/\s+/g, '_'),
  imageUrl: null,
});

export const attendance = (overrides: Partial<Attendance> = {}): Attendance => ({
  capacity: 10,
  goingCount: 3,
  waitlistCount: 0,
  spotsLeft: 7,
  myStatus: 'none',
  myWaitlistPosition: null,
  ...overrides,
});

export const EVENT_ID = '00000000-0000-4000-8000-00000000e001';
export const CIRCLE_ID = '00000000-0000-4000-8000-00000000c001';

export function anEvent(overrides: Partial<MerEvent> = {}): MerEvent {
  return {
    id: EVENT_ID,
    title: 'Full moon meditation',
    description: '<p>Sitting together under the full moon.</p>',
    category: 'practice',
    type: 'in_person',
    place: {
      city: { id: '2267057', label: 'Lisbon, Portugal', latitude: 38.72, longitude: -9.14 },
      address: 'Jardim da Estrela',
      onlineUrl: null,
      hiddenUntilGoing: false,
    },
    timeZone: 'Europe/Lisbon',
    startsAt: '2099-03-29T18:00:00Z',
    endsAt: '2099-03-29T20:00:00Z',
    localStart: '2099-03-29T19:00',
    localEnd: '2099-03-29T21:00',
    coverUrl: null,
    circle: null,
    host: member(2, 'Bruno Reis'),
    approvalStatus: 'approved',
    rejectionReason: null,
    status: 'scheduled',
    cancellationReason: null,
    attendance: attendance(),
    createdAt: '2026-01-01T10:00:00Z',
    updatedAt: '2026-01-01T10:00:00Z',
    ...overrides,
  };
}

export function aCircle(overrides: Partial<Circle> = {}): Circle {
  return {
    id: CIRCLE_ID,
    name: 'Lisbon Sitting Group',
    description: '<p>We sit together every week.</p>',
    category: 'practice',
    joinPolicy: 'open',
    city: { id: '2267057', label: 'Lisbon, Portugal' },
    online: false,
    coverUrl: null,
    approvalStatus: 'approved',
    rejectionReason: null,
    holder: member(2, 'Bruno Reis'),
    memberCount: 4,
    myStanding: 'none',
    createdAt: '2026-01-01T10:00:00Z',
    ...overrides,
  };
}

export function aMeetup(occurrenceAttendance: Attendance): MeetupDetail {
  const meetupId = '00000000-0000-4000-8000-00000000a001';
  return {
    meetup: {
      id: meetupId,
      circleId: CIRCLE_ID,
      circleName: 'Lisbon Sitting Group',
      title: 'Tuesday sit',
      description: '',
      type: 'in_person',
      place: {
        city: { id: '2267057', label: 'Lisbon, Portugal', latitude: 38.72, longitude: -9.14 },
        address: 'Rua da Rosa 12',
        onlineUrl: null,
        hiddenUntilGoing: false,
      },
      timeZone: 'Europe/Lisbon',
      localStart: '2099-03-17T19:00',
      localEnd: '2099-03-17T20:30',
      recurrence: { frequency: 'weekly', weekdays: ['TU'], count: 8 },
      rrule: 'RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=8',
      capacity: 2,
      host: member(2, 'Bruno Reis'),
      status: 'scheduled',
      createdAt: '2026-01-01T10:00:00Z',
    },
    occurrences: [
      {
        id: '00000000-0000-4000-8000-00000000b001',
        meetupId,
        startsAt: '2099-03-17T19:00:00Z',
        endsAt: '2099-03-17T20:30:00Z',
        localStart: '2099-03-17T19:00',
        localEnd: '2099-03-17T20:30',
        status: 'scheduled',
        modified: false,
        attendance: occurrenceAttendance,
      },
    ],
  };
}
