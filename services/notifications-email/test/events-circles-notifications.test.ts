import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminModerationDecided,
  CircleAnnouncementPosted,
  CircleDeleted,
  CircleApproved,
  CircleMemberInvited,
  CircleRejected,
  EventCancelled,
  EventUpdated,
  MeetupCancelled,
  MeetupUpdated,
  NotificationPreferencesChanged,
  OccurrenceCancelled,
  OccurrenceUpdated,
  ProfileCompleted,
  ReminderDue,
  UserRegistered,
  WaitlistPromoted,
  type EventDefinition,
  type EventPayload,
} from '@mer/contracts';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import {
  PUBLIC_URL,
  deliveringTwice,
  identityEvent as envelope,
  publishedEvents,
  queueRows,
  startEmailService,
  storedNotifications,
  type EmailService,
} from './harness.ts';

let infra: TestInfra;
let service: EmailService;

beforeAll(async () => {
  infra = await createTestInfra();
  console.log(`notifications-email events-circles notifications on ${infra.describe}`);
  // Every event reaches the handlers twice (a lost ack): each test also proves one notification per event.
  service = await startEmailService(infra, { bus: deliveringTwice(infra.bus) });
});

afterAll(async () => {
  await service?.stop();
  await infra?.close();
});

const publish = <E extends EventDefinition>(def: E, payload: EventPayload<E>) =>
  infra.bus.publish(envelope(def, payload));
const now = () => new Date().toISOString();
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** A member as identity and profile-onboarding announce them, optionally with some preferences off. */
async function member(name: string, preferences?: Record<string, boolean>) {
  const id = randomUUID();
  const email = `${name.toLowerCase()}-${id.slice(0, 6)}@example.com`;
  const username = `${name.toLowerCase()}_${id.slice(0, 6)}`;
  await publish(UserRegistered, {
    userId: id,
    email,
    name,
    username,
    discountPercent: null,
    emailConfirmationUrl: `${PUBLIC_URL}/confirm-email?token=${id}`,
    registeredAt: now(),
  });
  await publish(ProfileCompleted, {
    userId: id,
    name,
    username,
    imageUrl: null,
    cityId: null,
    location: null,
    languages: [],
    interests: [],
    completedAt: now(),
  });
  if (preferences)
    await publish(NotificationPreferencesChanged, { userId: id, preferences, changedAt: now() });
  await eventually(async () => {
    const row = await service.context.db
      .selectFrom('members')
      .select(['name', 'notification_preferences'])
      .where('user_id', '=', id)
      .executeTakeFirst();
    return row?.name === name && (!preferences || row.notification_preferences) ? true : null;
  });
  return { id, email, name };
}

async function notificationsOf(userId: string, count: number) {
  return eventually(async () => {
    const rows = await storedNotifications(service, userId);
    return rows.length === count ? rows : null;
  });
}

async function emailsOf(userId: string, count: number) {
  return eventually(async () => {
    const rows = (await queueRows(service)).filter((r) => r.user_id === userId && r.kind === 'notification');
    return rows.length === count ? rows : null;
  });
}

async function queuePriority(notificationId: string) {
  const row = await service.context.db
    .selectFrom('email_queue')
    .select(['priority'])
    .where('notification_id', '=', notificationId)
    .executeTakeFirst();
  return row?.priority;
}

/** Lets a second delivery of everything published so far be handled before counting again. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("notifications from events-circles' events (each delivered twice)", () => {
  it('circle updates: an announcement is important with a high-priority e-mail, an update normal and medium; the author and members who turned circle updates off hear nothing', async () => {
    const holder = await member('Hana');
    const ana = await member('Ana');
    const quiet = await member('Quinn', { circle_updates: false });
    const circleId = randomUUID();
    const updateId = randomUUID();
    await publish(CircleAnnouncementPosted, {
      updateId,
      circleId,
      circleName: 'Full Moon Circle',
      authorId: holder.id,
      updateType: 'announcement',
      title: 'Sunday at dawn',
      preview: 'We gather by the lake.',
      memberIds: [ana.id, quiet.id, holder.id],
    });
    const [announcement] = await notificationsOf(ana.id, 1);
    expect(announcement).toMatchObject({
      type: 'circle_update',
      title: 'Announcement in Full Moon Circle',
      message: 'Hana made an announcement in Full Moon Circle',
      priority: 2,
      action_url: `/circles/${circleId}`,
      sender_user_id: holder.id,
      sender_name: 'Hana',
      content_preview: 'Sunday at dawn: We gather by the lake.',
      metadata: { circle_id: circleId, circle_name: 'Full Moon Circle', update_type: 'announcement' },
    });
    expect(await storedNotifications(service, quiet.id)).toHaveLength(0);
    expect(await storedNotifications(service, holder.id)).toHaveLength(0);
    await emailsOf(ana.id, 1);
    expect(await queuePriority(announcement!.id)).toBe('high');

    await publish(CircleAnnouncementPosted, {
      updateId: randomUUID(),
      circleId,
      circleName: 'Full Moon Circle',
      authorId: holder.id,
      updateType: 'update',
      title: 'Photos',
      preview: 'The photos from Sunday are up.',
      memberIds: [ana.id],
    });
    const rows = await notificationsOf(ana.id, 2);
    const update = rows.find((r) => r.id !== announcement!.id)!;
    expect(update).toMatchObject({ title: 'New in Full Moon Circle', priority: 1 });
    await emailsOf(ana.id, 2);
    expect(await queuePriority(update.id)).toBe('medium');
    await settle();
    expect(await storedNotifications(service, ana.id)).toHaveLength(2);
    const created = await publishedEvents(service, 'notifications-email.notification.created.v1');
    expect(created.filter((e) => e.payload.userId === ana.id)).toHaveLength(2);
  });

  it('an invitation notifies the invited member once, naming who invited them', async () => {
    const holder = await member('Iris');
    const ben = await member('Ben');
    const circleId = randomUUID();
    await publish(CircleMemberInvited, {
      circleId,
      circleName: 'Breathwork Friends',
      invitedUserId: ben.id,
      invitedBy: holder.id,
    });
    const [n] = await notificationsOf(ben.id, 1);
    expect(n).toMatchObject({
      type: 'circle_invitation',
      title: 'Invitation to Breathwork Friends',
      message: 'Iris invited you to join Breathwork Friends',
      action_url: `/circles/${circleId}`,
      metadata: { circle_id: circleId, circle_name: 'Breathwork Friends' },
    });
    await settle();
    expect(await storedNotifications(service, ben.id)).toHaveLength(1);
  });

  it('approval and rejection tell the circle holder', async () => {
    const holder = await member('Cleo');
    const reviewer = randomUUID();
    const approvedId = randomUUID();
    const rejectedId = randomUUID();
    await publish(CircleApproved, {
      circleId: approvedId,
      name: 'Sound Healing',
      description: '<p>Bowls</p>',
      category: 'healing',
      joinPolicy: 'open',
      cityId: null,
      cityLabel: null,
      holderId: holder.id,
      approvalStatus: 'approved',
      coverUrl: null,
      reviewerId: reviewer,
      approvedAt: now(),
    });
    await publish(CircleRejected, {
      circleId: rejectedId,
      name: 'Crypto Chakras',
      holderId: holder.id,
      reviewerId: reviewer,
      reason: 'Not a fit for MER',
    });
    const rows = await notificationsOf(holder.id, 2);
    expect(rows.find((r) => r.metadata.circle_id === approvedId)).toMatchObject({
      type: 'circle_update',
      title: 'Sound Healing was approved',
      action_url: `/circles/${approvedId}`,
    });
    expect(rows.find((r) => r.metadata.circle_id === rejectedId)).toMatchObject({
      type: 'circle_update',
      message: 'Your circle Crypto Chakras was not approved: Not a fit for MER',
    });
    await settle();
    expect(await storedNotifications(service, holder.id)).toHaveLength(2);
  });

  it('a reminder due is urgent, e-mailed at high priority, for events and meetup occurrences', async () => {
    const dan = await member('Dan');
    const eventId = randomUUID();
    await publish(ReminderDue, {
      reminderId: randomUUID(),
      targetKind: 'event',
      targetId: eventId,
      eventId,
      meetupId: null,
      occurrenceId: null,
      circleId: null,
      userId: dan.id,
      title: 'Yoga at Sunrise',
      circleName: null,
      startsAt: inAnHour(),
      timeZone: 'Europe/Berlin',
      reminderMinutes: 60,
    });
    const [reminder] = await notificationsOf(dan.id, 1);
    expect(reminder).toMatchObject({
      type: 'event_reminder',
      title: 'Starting in 1 hour: Yoga at Sunrise',
      message: 'Yoga at Sunrise starts in 1 hour',
      priority: 3,
      action_url: `/events/${eventId}`,
      metadata: { event_id: eventId, event_title: 'Yoga at Sunrise', reminder_time: '1 hour' },
    });
    await emailsOf(dan.id, 1);
    expect(await queuePriority(reminder!.id)).toBe('high');

    const circleId = randomUUID();
    const occurrenceId = randomUUID();
    await publish(ReminderDue, {
      reminderId: randomUUID(),
      targetKind: 'occurrence',
      targetId: occurrenceId,
      eventId: null,
      meetupId: randomUUID(),
      occurrenceId,
      circleId,
      userId: dan.id,
      title: 'Weekly sit',
      circleName: 'Zen Circle',
      startsAt: inAnHour(),
      timeZone: 'Europe/Berlin',
      reminderMinutes: 30,
    });
    const rows = await notificationsOf(dan.id, 2);
    expect(rows.find((r) => r.id !== reminder!.id)).toMatchObject({
      title: 'Starting in 30 minutes: Weekly sit',
      action_url: `/circles/${circleId}`,
      metadata: { circle_id: circleId, circle_name: 'Zen Circle', event_title: 'Weekly sit' },
    });
    await settle();
    expect(await storedNotifications(service, dan.id)).toHaveLength(2);
  });

  it("event changes and cancellations tell attendees (not the host, not those with event updates off); an occurrence's cancellation leads to its circle; a promotion tells the member", async () => {
    const host = await member('Omar');
    const eve = await member('Eve');
    const off = await member('Finn', { event_updates: false });
    const eventId = randomUUID();
    const facts = {
      eventId,
      title: 'Cacao Ceremony',
      description: '<p>Warm</p>',
      category: 'ceremony',
      type: 'in_person' as const,
      hostId: host.id,
      circleId: null,
      cityId: null,
      cityLabel: null,
      latitude: null,
      longitude: null,
      timeZone: 'Europe/Lisbon',
      startsAt: inAnHour(),
      endsAt: inAnHour(),
      capacity: 12,
      approvalStatus: 'approved' as const,
      coverUrl: null,
    };
    await publish(EventUpdated, {
      ...facts,
      changed: ['time', 'place'],
      attendeeIds: [eve.id, off.id, host.id],
      updatedAt: now(),
    });
    const [updated] = await notificationsOf(eve.id, 1);
    expect(updated).toMatchObject({
      type: 'event',
      title: 'Event updated: Cacao Ceremony',
      message: 'Cacao Ceremony has changed (time, place)',
      action_url: `/events/${eventId}`,
      metadata: { event_id: eventId, event_title: 'Cacao Ceremony' },
    });

    await publish(EventCancelled, {
      eventId,
      title: 'Cacao Ceremony',
      hostId: host.id,
      startsAt: facts.startsAt,
      reason: 'The host is ill',
      attendeeIds: [eve.id, off.id],
      cancelledBy: host.id,
    });
    const afterCancel = await notificationsOf(eve.id, 2);
    expect(afterCancel.find((r) => r.id !== updated!.id)).toMatchObject({
      type: 'event',
      title: 'Event cancelled: Cacao Ceremony',
      message: 'Cacao Ceremony was cancelled: The host is ill',
      action_url: `/events/${eventId}`,
    });

    const circleId = randomUUID();
    const occurrenceId = randomUUID();
    await publish(OccurrenceCancelled, {
      meetupId: randomUUID(),
      occurrenceId,
      circleId,
      title: 'Weekly sit',
      startsAt: inAnHour(),
      reason: null,
      attendeeIds: [eve.id],
    });
    const afterOccurrence = await notificationsOf(eve.id, 3);
    expect(afterOccurrence.find((r) => r.metadata.occurrence_id === occurrenceId)).toMatchObject({
      type: 'event',
      title: 'Meetup cancelled: Weekly sit',
      message: 'Weekly sit was cancelled',
      action_url: `/circles/${circleId}`,
      metadata: { circle_id: circleId, event_title: 'Weekly sit' },
    });

    await publish(WaitlistPromoted, {
      targetKind: 'event',
      targetId: eventId,
      eventId,
      meetupId: null,
      occurrenceId: null,
      circleId: null,
      userId: eve.id,
      title: 'Cacao Ceremony',
      startsAt: facts.startsAt,
      timeZone: 'Europe/Lisbon',
    });
    const all = await notificationsOf(eve.id, 4);
    expect(all.find((r) => r.metadata.update_type === 'waitlist_promoted')).toMatchObject({
      type: 'event',
      title: "You're going: Cacao Ceremony",
      action_url: `/events/${eventId}`,
    });

    await settle();
    expect(await storedNotifications(service, eve.id)).toHaveLength(4);
    expect(await storedNotifications(service, off.id)).toHaveLength(0);
    expect(await storedNotifications(service, host.id)).toHaveLength(0);
  });

  it('a meetup series edited or cancelled, or one occurrence edited, tells its attendees and leads to the circle', async () => {
    const host = await member('Gaia');
    const lea = await member('Lea');
    const circleId = randomUUID();
    const meetupId = randomUUID();
    const series = {
      meetupId,
      circleId,
      circleName: 'Zen Circle',
      title: 'Weekly sit',
      hostId: host.id,
      timeZone: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
      firstStartsAt: inAnHour(),
    };
    await publish(MeetupUpdated, { ...series, changed: ['time'], attendeeIds: [lea.id, host.id] });
    await publish(OccurrenceUpdated, {
      meetupId,
      occurrenceId: randomUUID(),
      circleId,
      title: 'Weekly sit',
      startsAt: inAnHour(),
      endsAt: inAnHour(),
      attendeeIds: [lea.id],
    });
    await publish(MeetupCancelled, { ...series, reason: 'The hall closed', attendeeIds: [lea.id] });
    const rows = await notificationsOf(lea.id, 3);
    expect(rows.map((r) => r.message).sort()).toEqual([
      'Weekly sit has changed',
      'Weekly sit in Zen Circle has changed (time)',
      'Weekly sit in Zen Circle was cancelled: The hall closed',
    ]);
    for (const r of rows) expect(r).toMatchObject({ type: 'event', action_url: `/circles/${circleId}` });
    await settle();
    expect(await storedNotifications(service, lea.id)).toHaveLength(3);
    expect(await storedNotifications(service, host.id)).toHaveLength(0);
  });
});

describe("a removed circle and an admin's moderation decision (each delivered twice)", () => {
  it('tells every member a removed circle names, in plain words, once; nobody else', async () => {
    const holder = await member('Hollis');
    const ana = await member('Anouk');
    const ben = await member('Benno');
    const outsider = await member('Otto');
    const circleId = randomUUID();
    await publish(CircleDeleted, {
      circleId,
      name: 'Dawn Sitters',
      holderId: holder.id,
      memberIds: [ana.id, ben.id],
      deletedBy: randomUUID(),
      deletedAt: now(),
    });
    for (const who of [ana, ben]) {
      const [removed] = await notificationsOf(who.id, 1);
      expect(removed).toMatchObject({
        type: 'circle_update',
        title: 'Dawn Sitters was removed',
        message: 'The circle "Dawn Sitters" was removed.',
        action_url: '/circles',
        metadata: { circle_name: 'Dawn Sitters', update_type: 'removed' },
      });
    }
    await settle();
    expect(await storedNotifications(service, ana.id)).toHaveLength(1);
    expect(await storedNotifications(service, holder.id)).toHaveLength(0);
    expect(await storedNotifications(service, outsider.id)).toHaveLength(0);
  });

  it("tells each reporter the decision's words and the author theirs; a dismissal tells the author nothing", async () => {
    const author = await member('Aster');
    const r1 = await member('Rowan');
    const r2 = await member('Reed');
    const decision = (action: 'hide' | 'dismiss', authorMessage: string | null) => ({
      decisionId: randomUUID(),
      itemId: randomUUID(),
      service: 'events-circles',
      targetType: 'circle_discussion' as const,
      targetId: randomUUID(),
      authorId: author.id,
      action,
      note: null,
      decidedBy: randomUUID(),
      decidedAt: now(),
      reporterIds: [r1.id, r2.id],
      reporterMessage: `Thank you for your report. (${action})`,
      authorMessage,
    });
    await publish(
      AdminModerationDecided,
      decision(
        'hide',
        'Your discussion was hidden by a moderator because it breaks our community guidelines.',
      ),
    );
    for (const who of [r1, r2]) {
      const [told] = await notificationsOf(who.id, 1);
      expect(told).toMatchObject({
        type: 'system',
        title: 'Your report was reviewed',
        message: 'Thank you for your report. (hide)',
      });
    }
    const [own] = await notificationsOf(author.id, 1);
    expect(own).toMatchObject({
      type: 'system',
      message: 'Your discussion was hidden by a moderator because it breaks our community guidelines.',
    });

    await publish(AdminModerationDecided, decision('dismiss', null));
    await notificationsOf(r1.id, 2);
    await settle();
    expect(await storedNotifications(service, r2.id)).toHaveLength(2);
    expect(await storedNotifications(service, author.id)).toHaveLength(1);
  });
});
