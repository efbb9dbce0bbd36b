import { describe, expect, it } from 'vitest';
import { applicationServerKeyFrom, timeZoneChoices } from './push-keys.ts';

describe('the VAPID key for PushManager.subscribe', () => {
  it('decodes base64url without padding', () => {
    // 65 bytes: an uncompressed P-256 point starts with 0x04.
    const key = 'BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A';
    const bytes = applicationServerKeyFrom(key);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
    expect(bytes[62]).toBe(62);
    expect(bytes[63]).toBe(63);
  });
});

describe('time zone choices', () => {
  it("puts the member's zone first and always offers UTC", () => {
    expect(timeZoneChoices('Europe/Lisbon', ['America/Bahia', 'Europe/Lisbon'])).toEqual([
      'Europe/Lisbon',
      'America/Bahia',
      'UTC',
    ]);
    expect(timeZoneChoices('UTC', [])).toEqual(['UTC']);
  });
});
