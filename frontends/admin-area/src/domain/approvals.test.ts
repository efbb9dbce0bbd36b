// @vitest-environment happy-dom
// (descriptionExcerpt reads HTML with the browser's DOMParser.)
import { describe, expect, it } from 'vitest';
import { descriptionExcerpt, eventPlace, eventWhen } from './approvals.ts';

describe('what a reviewer reads of a circle or an event', () => {
  it('reads stored HTML as text, paragraphs apart, and cuts a long one at a word', () => {
    expect(descriptionExcerpt('<p>One</p><p>Two<br>three &lt;b&gt;</p>')).toBe('One Two three <b>');
    expect(descriptionExcerpt('<p>sit breathe rest</p>', 12)).toBe('sit breathe…');
    expect(descriptionExcerpt('')).toBe('');
  });

  it('says where: a city, online, or both', () => {
    const city = { id: '1', label: 'Lisbon, Portugal', latitude: 38.7, longitude: -9.1 };
    const place = { city, address: null, onlineUrl: null, hiddenUntilGoing: true };
    expect(eventPlace({ type: 'in_person', place })).toBe('Lisbon, Portugal');
    expect(eventPlace({ type: 'hybrid', place })).toBe('Lisbon, Portugal and online');
    expect(eventPlace({ type: 'online', place: { ...place, city: null } })).toBe('Online');
  });

  it("says when in the place's own time, both ends in full across days", () => {
    const zone = { timeZone: 'Europe/Lisbon' };
    expect(eventWhen({ ...zone, localStart: '2026-12-03T19:00', localEnd: '2026-12-03T21:00' })).toBe(
      '2026-12-03 19:00–21:00 (Europe/Lisbon)',
    );
    expect(eventWhen({ ...zone, localStart: '2026-12-03T10:00', localEnd: '2026-12-05T16:00' })).toBe(
      '2026-12-03 10:00–2026-12-05 16:00 (Europe/Lisbon)',
    );
  });
});
