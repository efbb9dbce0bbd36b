import { describe, expect, it } from 'vitest';
import { EMPTY_MEETUP, createMeetupBody, meetupErrors, weekdayOf } from './meetup-form.ts';

const lisbon = {
  id: '2267057',
  label: 'Lisbon, Portugal',
  latitude: 38.72,
  longitude: -9.14,
  timeZone: 'Europe/Lisbon',
};
const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('the meetup form', () => {
  it('makes a weekly series on the first date’s weekday with a capacity', () => {
    const draft = {
      ...EMPTY_MEETUP,
      title: 'Tuesday sit',
      city: lisbon,
      date: '2026-03-17',
      repeat: 'weekly' as const,
      count: '8',
      capacity: '2',
    };
    expect(meetupErrors(draft, 'Europe/Lisbon', NOW)).toEqual({});
    expect(weekdayOf('2026-03-17')).toBe('TU');
    expect(createMeetupBody(draft, 'Europe/Lisbon')).toEqual({
      title: 'Tuesday sit',
      description: '',
      type: 'in_person',
      city: lisbon,
      localStart: '2026-03-17T19:00',
      localEnd: '2026-03-17T20:30',
      capacity: 2,
      recurrence: { frequency: 'weekly', weekdays: ['TU'], count: 8 },
    });
  });

  it('says what is missing', () => {
    expect(meetupErrors(EMPTY_MEETUP, 'Europe/Lisbon', NOW)).toEqual({
      title: 'Please give the meetup a title',
      city: 'Please pick the city from the list',
      date: 'Please choose the first date',
    });
  });
});
