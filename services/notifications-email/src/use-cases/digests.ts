import { countNewConnections } from '../db/connection-requests.repository.ts';
import {
  digestCandidates,
  saveEmailPreferences,
  type DigestCandidate,
} from '../db/email-preferences.repository.ts';
import { queueEmail } from '../db/email-queue.repository.ts';
import { notificationsSince } from '../db/notifications.repository.ts';
import { localHour } from '../domain/email-queue-policy.ts';
import { composeDigest, type DigestStats } from '../domain/email-templates.ts';
import { effectivePreferences } from '../domain/notification-rules.ts';
import type { NotificationsEmailDeps } from '../deps.ts';
import { derivedUuid } from './notify.ts';

export type DigestType = 'daily' | 'weekly';

/** Spec 001 section 9: a digest covers the last 24 hours (daily) or 168 hours (weekly). */
export const DIGEST_WINDOW_MS: Record<DigestType, number> = { daily: 24 * 3600_000, weekly: 168 * 3600_000 };

/** Monday, in luxon's numbering. */
const MONDAY = 1;
/** A digest already sent this long ago is not sent again (the scheduler runs several times in the hour). */
const RESEND_GUARD_MS: Record<DigestType, number> = { daily: 20 * 3600_000, weekly: 6 * 24 * 3600_000 };

/**
 * The scheduler's round: members whose local time is the digest hour (DIGEST_LOCAL_HOUR; weekly ones on Monday)
 * and who chose that digest get it, unless they had it already or nothing happened for them in its window.
 */
export async function sendDueDigests(deps: NotificationsEmailDeps): Promise<number> {
  const now = deps.clock.now();
  let queued = 0;
  for (const member of await digestCandidates(deps.db)) {
    if (member.digest === 'off') continue;
    const { hour, weekday } = localHour(now, member.time_zone);
    if (hour !== deps.config.DIGEST_LOCAL_HOUR) continue;
    if (member.digest === 'weekly' && weekday !== MONDAY) continue;
    const last = member.digest === 'daily' ? member.last_daily_digest_at : member.last_weekly_digest_at;
    if (last && now.getTime() - new Date(last).getTime() < RESEND_GUARD_MS[member.digest]) continue;
    if (await sendDigest(deps, member, member.digest, now)) queued++;
  }
  return queued;
}

/** The admin's "send the digest now" (send-digest-email): one member or everyone with an address. */
export async function sendDigestsNow(
  deps: NotificationsEmailDeps,
  digestType: DigestType,
  userId?: string,
): Promise<number> {
  const now = deps.clock.now();
  let queued = 0;
  for (const member of await digestCandidates(deps.db, userId)) {
    if (await sendDigest(deps, member, digestType, now)) queued++;
  }
  return queued;
}

/** Queues one digest; false (and nothing queued) when the member had nothing new in the window. */
async function sendDigest(
  deps: NotificationsEmailDeps,
  member: DigestCandidate,
  digestType: DigestType,
  now: Date,
): Promise<boolean> {
  if (!effectivePreferences(member.notification_preferences).email_notifications) return false;
  const since = new Date(now.getTime() - DIGEST_WINDOW_MS[digestType]);
  const recent = await notificationsSince(deps.db, member.user_id, since);
  const stats: DigestStats = {
    newConnections: await countNewConnections(deps.db, member.user_id, since),
    newMessages: recent.filter((n) => n.type === 'message').length,
    upcomingEvents: recent.filter((n) => n.type === 'event_reminder' || n.type === 'event').length,
    circleActivity: recent.filter((n) => n.type === 'circle_update' || n.type === 'circle_invitation').length,
  };
  const lastField = digestType === 'daily' ? 'last_daily_digest_at' : 'last_weekly_digest_at';
  const nothingNew = recent.length === 0 && stats.newConnections === 0;
  await deps.transaction(async (tx) => {
    await saveEmailPreferences(tx.trx, member.user_id, { [lastField]: now });
    if (nothingNew) return;
    const email = composeDigest(deps.site, {
      to: member.email,
      name: member.name,
      digestType,
      stats,
      notifications: recent.slice(0, 10).map((n) => ({
        title: n.title,
        message: n.message,
        contentPreview: n.content_preview,
        actionUrl: n.action_url,
      })),
      recommendations: recommendationsFor(stats),
    });
    await queueEmail(tx.trx, {
      eventId: derivedUuid('digest', digestType, member.user_id, now.toISOString()),
      userId: member.user_id,
      transport: deps.mailTransport.kind,
      email,
      emailType: 'digest',
      emailData: { digestType, stats },
      priority: 'low',
      scheduledFor: now,
    });
  });
  return !nothingNew;
}

/** A few gentle suggestions that fit what happened (MER's choice: the spec names recommendations, not which). */
export function recommendationsFor(stats: DigestStats): string[] {
  const out: string[] = [];
  if (stats.newConnections === 0) out.push('Meet kindred spirits in People and send a connection request.');
  else out.push('Say hello to your new connections with a message.');
  if (stats.upcomingEvents === 0) out.push('Browse upcoming events and meetups near you.');
  if (stats.circleActivity === 0) out.push('Join a circle that speaks to your practice.');
  out.push('Share what moves you in the community feed.');
  return out.slice(0, 3);
}
