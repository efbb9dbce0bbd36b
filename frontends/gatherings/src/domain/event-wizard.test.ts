import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, createEventBody, stepErrors, type EventDraft } from './event-wizard.ts';

const lisbon = {
  id: '2267057',
  label: 'Lisbon, Portugal',
  latitude: 38.72,
  longitude: -9.14,
  timeZone: 'Europe/Lisbon',
};
const NOW = Date.parse('2026-03-01T12:00:00Z');
const draft: EventDraft = {
  ...EMPTY_DRAFT,
  title: 'Full moon meditation',
  description: 'Sitting together under the full moon.',
  city: lisbon,
  address: 'Jardim da Estrela',
  startDate: '2026-03-29',
  startTime: '19:00',
  endTime: '21:00',
  capacity: '12',
};

describe('the create-event wizard', () => {
  it('asks for what each step needs, in plain words', () => {
    expect(stepErrors(0, EMPTY_DRAFT, 'Europe/Lisbon', NOW)).toEqual({
      title: 'Please give your event a title',
      description: 'Please describe your event',
    });
    expect(stepErrors(1, { ...EMPTY_DRAFT, type: 'hybrid' }, 'Europe/Lisbon', NOW)).toEqual({
      city: 'Please pick the city from the list',
      address: 'Please enter the address',
      onlineUrl: 'Please enter the link, starting with https://',
      startDate: 'Please choose when it starts',
    });
    expect(stepErrors(1, { ...draft, endTime: '18:00' }, 'Europe/Lisbon', NOW).endTime).toBe(
      'The event must end after it starts',
    );
    expect(stepErrors(1, { ...draft, startDate: '2026-02-01' }, 'Europe/Lisbon', NOW).startDate).toBe(
      'The event must start in the future',
    );
    expect(stepErrors(2, { ...draft, capacity: '0' }, 'Europe/Lisbon', NOW).capacity).toMatch(/whole number/);
    expect(stepErrors(1, draft, 'Europe/Lisbon', NOW)).toEqual({});
  });

  it('sends wall-clock times in the place’s zone, the city, and only the place fields its type has', () => {
    expect(createEventBody(draft, 'Europe/Berlin')).toEqual({
      title: 'Full moon meditation',
      description: 'Sitting together under the full moon.',
      category: 'practice',
      type: 'in_person',
      city: lisbon,
      address: 'Jardim da Estrela',
      localStart: '2026-03-29T19:00',
      localEnd: '2026-03-29T21:00',
      capacity: 12,
    });
    const online = createEventBody(
      { ...draft, type: 'online', city: null, onlineUrl: 'https://meet.example/abc', capacity: '' },
      'Europe/Berlin',
    );
    expect(online).toMatchObject({
      timeZone: 'Europe/Berlin',
      onlineUrl: 'https://meet.example/abc',
      capacity: null,
    });
    expect(online).not.toHaveProperty('address');
  });
});
