import { describe, expect, it } from 'vitest';
import { instantOf, placeTimeLabel, timeRangeLabel, yourTimeLabel } from './place-time.ts';

describe('event times in the place’s time zone', () => {
  it('turns a wall-clock time into UTC on both sides of a daylight-saving change', () => {
    // Lisbon moves from WET (UTC+0) to WEST (UTC+1) on 29 March 2026 at 01:00 UTC.
    expect(instantOf('2026-03-22', '19:00', 'Europe/Lisbon')).toBe('2026-03-22T19:00:00Z');
    expect(instantOf('2026-03-29', '19:00', 'Europe/Lisbon')).toBe('2026-03-29T18:00:00Z');
    expect(instantOf('2026-13-01', '19:00', 'Europe/Lisbon')).toBeNull();
  });

  it('shows the place’s wall-clock time and zone', () => {
    expect(placeTimeLabel('2026-03-29T18:00:00Z', 'Europe/Lisbon')).toBe('Sunday, 29 March 2026, 19:00 WEST');
    expect(timeRangeLabel('2026-03-22T19:00:00Z', '2026-03-22T21:00:00Z', 'Europe/Lisbon')).toBe(
      'Sun 22 Mar 2026, 19:00–21:00 (WET)',
    );
  });

  it('adds the member’s own time only when it differs', () => {
    expect(yourTimeLabel('2026-03-29T18:00:00Z', 'Europe/Lisbon', 'Europe/Berlin')).toBe(
      'Sun 20:00 your time',
    );
    expect(yourTimeLabel('2026-03-29T18:00:00Z', 'Europe/Lisbon', 'Europe/London')).toBeNull();
  });
});
