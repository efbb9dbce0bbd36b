import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMAIL_PREFERENCES,
  afterQuietHours,
  decideEmail,
  emailPriority,
  inQuietHours,
  type EmailQueuePreferences,
} from './email-queue-policy.ts';

const at = (iso: string) => new Date(iso);
const prefs = (p: Partial<EmailQueuePreferences> = {}): EmailQueuePreferences => ({
  ...DEFAULT_EMAIL_PREFERENCES,
  ...p,
});

describe('e-mail priorities (spec 001 section 4)', () => {
  it('high: welcome, email_confirmation, message, invoice, reminder; circle_update when an announcement', () => {
    for (const t of ['welcome', 'email_confirmation', 'message', 'invoice', 'reminder'])
      expect(emailPriority(t)).toBe('high');
    expect(emailPriority('circle_update', { updateType: 'announcement' })).toBe('high');
    expect(emailPriority('circle_update', { updateType: 'post' })).toBe('medium');
  });
  it('medium: photo_tag, connection_request, receipt; anything else low', () => {
    for (const t of ['photo_tag', 'connection_request', 'receipt']) expect(emailPriority(t)).toBe('medium');
    for (const t of ['mention', 'post_reaction', 'post_comment', 'event', 'digest'])
      expect(emailPriority(t)).toBe('low');
  });
});

describe('queue decisions', () => {
  const now = at('2026-03-10T12:00:00Z');
  it('sends high priority now, never batched', () => {
    expect(decideEmail({ emailType: 'message', prefs: prefs(), now })).toEqual({
      send: true,
      priority: 'high',
      batchEligible: false,
      scheduledFor: now,
    });
  });
  it('delays medium 15 minutes and low 1 hour, batch-eligible', () => {
    expect(decideEmail({ emailType: 'photo_tag', prefs: prefs(), now })).toMatchObject({
      scheduledFor: at('2026-03-10T12:15:00Z'),
      batchEligible: true,
    });
    expect(decideEmail({ emailType: 'post_comment', prefs: prefs(), now })).toMatchObject({
      scheduledFor: at('2026-03-10T13:00:00Z'),
      batchEligible: true,
    });
  });
  it('sends at once, unbatched, when batch_notifications is off', () => {
    expect(
      decideEmail({ emailType: 'post_comment', prefs: prefs({ batchNotifications: false }), now }),
    ).toEqual({ send: true, priority: 'low', batchEligible: false, scheduledFor: now });
  });
  it('never batches message, email_confirmation, welcome or auth', () => {
    expect(decideEmail({ emailType: 'auth', prefs: prefs(), now })).toMatchObject({
      batchEligible: false,
      scheduledFor: now,
    });
  });
  it('sends nothing to a member who unsubscribed from all', () => {
    expect(decideEmail({ emailType: 'message', prefs: prefs({ unsubscribedAll: true }), now })).toEqual({
      send: false,
      reason: 'unsubscribed',
    });
  });
  it("moves a delayed e-mail that falls in quiet hours to the next quiet-end, in the member's zone", () => {
    // 21:30 in Lisbon (UTC+0 in March before DST) + 1 h = 22:30, inside 22:00-07:00 → 07:00 next day local.
    const quiet = prefs({ quietHoursEnabled: true, timeZone: 'Europe/Lisbon' });
    expect(
      decideEmail({ emailType: 'mention', prefs: quiet, now: at('2026-03-10T21:30:00Z') }),
    ).toMatchObject({ scheduledFor: at('2026-03-11T07:00:00Z') });
    // Tokyo (UTC+9): 14:00Z is 23:00 local; +15 min inside quiet hours → 07:00 local = 22:00Z.
    const tokyo = prefs({ quietHoursEnabled: true, timeZone: 'Asia/Tokyo' });
    expect(
      decideEmail({ emailType: 'photo_tag', prefs: tokyo, now: at('2026-03-10T14:00:00Z') }),
    ).toMatchObject({ scheduledFor: at('2026-03-10T22:00:00Z') });
  });
  it('does not hold high-priority e-mails for quiet hours (they are sent immediately)', () => {
    const quiet = prefs({ quietHoursEnabled: true, quietHoursStart: '00:00', quietHoursEnd: '23:59' });
    expect(decideEmail({ emailType: 'message', prefs: quiet, now })).toMatchObject({ scheduledFor: now });
  });
});

describe('quiet hours', () => {
  const q = prefs({
    quietHoursEnabled: true,
    quietHoursStart: '22:00',
    quietHoursEnd: '07:00',
    timeZone: 'America/New_York',
  });
  it('cross midnight', () => {
    expect(inQuietHours(at('2026-06-01T02:30:00Z'), q)).toBe(true); // 22:30 EDT
    expect(inQuietHours(at('2026-06-01T10:30:00Z'), q)).toBe(true); // 06:30 EDT
    expect(inQuietHours(at('2026-06-01T11:00:00Z'), q)).toBe(false); // 07:00 EDT
    expect(inQuietHours(at('2026-06-01T16:00:00Z'), q)).toBe(false);
  });
  it('end on the same day when they start after midnight', () => {
    expect(afterQuietHours(at('2026-06-01T10:30:00Z'), q)).toEqual(at('2026-06-01T11:00:00Z'));
    expect(afterQuietHours(at('2026-06-01T02:30:00Z'), q)).toEqual(at('2026-06-01T11:00:00Z'));
  });
  it('keep the local hour across a daylight-saving change', () => {
    // 2026-03-08 is the US change: 22:30 EST on the 7th → 07:00 EDT on the 8th = 11:00Z.
    expect(afterQuietHours(at('2026-03-08T03:30:00Z'), q)).toEqual(at('2026-03-08T11:00:00Z'));
  });
  it('are off when disabled, and an unknown zone reads as UTC', () => {
    expect(inQuietHours(at('2026-06-01T23:00:00Z'), { ...q, quietHoursEnabled: false })).toBe(false);
    expect(inQuietHours(at('2026-06-01T23:00:00Z'), { ...q, timeZone: 'Nowhere/Land' })).toBe(true);
  });
});
