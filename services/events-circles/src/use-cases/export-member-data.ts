import { MEMBER_DATA_EXPORT_VERSION, type EventsCirclesDataExport } from '@mer/contracts';
import { memberDataRows } from '../db/member-export.repository.ts';
import type { EventsCirclesDeps } from '../deps.ts';

/** The member's part of "Download my data": what they created, joined, answered and set. Never the feed's token. */
export async function exportMemberData(
  deps: EventsCirclesDeps,
  userId: string,
): Promise<EventsCirclesDataExport> {
  const r = await memberDataRows(deps.db, userId);
  const iso = (d: Date) => d.toISOString();
  return {
    service: 'events-circles',
    exportedAt: iso(deps.clock.now()),
    version: MEMBER_DATA_EXPORT_VERSION,
    data: {
      circles: r.circles.map((c) => ({
        circleId: c.circle_id,
        name: c.name,
        status: c.status,
        role: c.role,
        since: iso(c.created_at),
      })),
      circlesCreated: r.circlesCreated.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        approvalStatus: c.approval_status,
        createdAt: iso(c.created_at),
      })),
      updates: r.updates.map((u) => ({
        id: u.id,
        circleId: u.circle_id,
        updateType: u.update_type,
        title: u.title,
        body: u.body,
        createdAt: iso(u.created_at),
      })),
      forumTopics: r.forumTopics.map((t) => ({
        id: t.id,
        circleId: t.circle_id,
        title: t.title,
        createdAt: iso(t.created_at),
      })),
      discussions: r.discussions.map((d) => ({
        id: d.id,
        circleId: d.circle_id,
        title: d.title,
        body: d.body,
        createdAt: iso(d.created_at),
      })),
      replies: r.replies.map((x) => ({
        id: x.id,
        discussionId: x.discussion_id,
        body: x.body,
        createdAt: iso(x.created_at),
      })),
      posts: r.posts.map((p) => ({
        id: p.id,
        circleId: p.circle_id,
        content: p.content,
        createdAt: iso(p.created_at),
      })),
      reactions: r.reactions.map((x) => ({ postId: x.post_id, type: x.type, createdAt: iso(x.created_at) })),
      eventsHosted: r.eventsHosted.map((e) => ({
        id: e.id,
        title: e.title,
        description: e.description,
        startsAt: iso(e.starts_at),
        timeZone: e.time_zone,
        address: e.address,
        onlineUrl: e.online_url,
        createdAt: iso(e.created_at),
      })),
      meetupsHosted: r.meetupsHosted.map((m) => ({
        id: m.id,
        circleId: m.circle_id,
        title: m.title,
        rrule: m.rrule,
        createdAt: iso(m.created_at),
      })),
      rsvps: r.rsvps.map((x) => ({
        targetKind: x.target_kind,
        targetId: x.target_id,
        status: x.status,
        reminderMinutes: x.reminder_minutes,
        respondedAt: iso(x.responded_at),
      })),
      reminders: r.reminders.map((x) => ({
        targetId: x.target_id,
        dueAt: iso(x.due_at),
        sentAt: x.sent_at ? iso(x.sent_at) : null,
      })),
      calendarFeed: { exists: r.feed !== undefined, createdAt: r.feed ? iso(r.feed.created_at) : null },
      dismissals: r.dismissals.map((d) => ({
        kind: d.item_kind,
        id: d.item_id,
        createdAt: iso(d.created_at),
      })),
    },
  };
}
