import { DateTime } from 'luxon';

/** The member's email_preferences as the queue reads them. */
export interface EmailQueuePreferences {
  unsubscribedAll: boolean;
  batchNotifications: boolean;
  quietHoursEnabled: boolean;
  /** "HH:MM" local time in timeZone. */
  quietHoursStart: string;
  quietHoursEnd: string;
  timeZone: string;
}

export const DEFAULT_EMAIL_PREFERENCES: EmailQueuePreferences = {
  unsubscribedAll: false,
  batchNotifications: true,
  quietHoursEnabled: false,
  quietHoursStart: '22:00',
  quietHoursEnd: '07:00',
  timeZone: 'UTC',
};

export type QueuePriority = 'high' | 'medium' | 'low';

/** Spec 001 section 4: the delays of queued e-mails. */
export const MEDIUM_DELAY_MS = 15 * 60_000;
export const LOW_DELAY_MS = 60 * 60_000;

const HIGH = new Set(['welcome', 'email_confirmation', 'message', 'invoice', 'reminder']);
const MEDIUM = new Set(['photo_tag', 'connection_request', 'receipt']);
/** Spec 001 section 4: no batching for these types. */
const NEVER_BATCHED = new Set(['message', 'email_confirmation', 'welcome', 'auth']);

/** Spec 001 section 4's priorities: circle_update is high when it is an announcement, else medium. */
export function emailPriority(emailType: string, data: { updateType?: unknown } = {}): QueuePriority {
  if (HIGH.has(emailType)) return 'high';
  if (emailType === 'circle_update') return data.updateType === 'announcement' ? 'high' : 'medium';
  if (MEDIUM.has(emailType)) return 'medium';
  return 'low';
}

export type QueueDecision =
  | { send: false; reason: 'unsubscribed' }
  | { send: true; priority: QueuePriority; batchEligible: boolean; scheduledFor: Date };

/**
 * Spec 001 section 4, the e-mail queue decisions:
 * - unsubscribed_all: not sent;
 * - high priority, or not batchable (message, email_confirmation, welcome, auth, or batch_notifications off): now;
 * - otherwise medium waits 15 minutes, low (or other) 1 hour, and a time inside the member's quiet hours moves to
 *   the next quiet-end (in the member's time zone). Those delayed e-mails are batch-eligible: the ones of one
 *   member due together go out as one e-mail.
 */
export function decideEmail(input: {
  emailType: string;
  data?: { updateType?: unknown };
  prefs: EmailQueuePreferences;
  now: Date;
}): QueueDecision {
  const { emailType, prefs, now } = input;
  if (prefs.unsubscribedAll) return { send: false, reason: 'unsubscribed' };
  const priority = emailPriority(emailType, input.data);
  const batchable = prefs.batchNotifications && !NEVER_BATCHED.has(emailType);
  if (priority === 'high' || !batchable)
    return { send: true, priority, batchEligible: false, scheduledFor: now };
  const delayed = new Date(now.getTime() + (priority === 'medium' ? MEDIUM_DELAY_MS : LOW_DELAY_MS));
  return { send: true, priority, batchEligible: true, scheduledFor: afterQuietHours(delayed, prefs) };
}

/** "HH:MM" to minutes after midnight. */
function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export function isValidTimeZone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}

/** Whether `at` falls inside the member's quiet hours (start inclusive, end exclusive; may cross midnight). */
export function inQuietHours(at: Date, prefs: EmailQueuePreferences): boolean {
  if (!prefs.quietHoursEnabled) return false;
  const start = minutesOf(prefs.quietHoursStart);
  const end = minutesOf(prefs.quietHoursEnd);
  if (start === end) return false;
  const local = DateTime.fromJSDate(at, { zone: zoneOrUtc(prefs.timeZone) });
  const minute = local.hour * 60 + local.minute;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** `at`, or the next quiet-end after it when it falls inside the quiet hours. */
export function afterQuietHours(at: Date, prefs: EmailQueuePreferences): Date {
  if (!inQuietHours(at, prefs)) return at;
  const end = minutesOf(prefs.quietHoursEnd);
  const local = DateTime.fromJSDate(at, { zone: zoneOrUtc(prefs.timeZone) });
  // Set by wall-clock time, so a daylight-saving change keeps the local hour.
  let candidate = local.set({ hour: Math.floor(end / 60), minute: end % 60, second: 0, millisecond: 0 });
  if (candidate <= local) candidate = candidate.plus({ days: 1 });
  return candidate.toJSDate();
}

function zoneOrUtc(zone: string): string {
  return isValidTimeZone(zone) ? zone : 'UTC';
}

/** The member's local hour at `at` (digests go out at a sensible local hour). */
export function localHour(at: Date, timeZone: string): { hour: number; weekday: number } {
  const local = DateTime.fromJSDate(at, { zone: zoneOrUtc(timeZone) });
  return { hour: local.hour, weekday: local.weekday };
}
