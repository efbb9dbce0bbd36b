import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConnectionAccepted,
  ConnectionCancelled,
  ConnectionDeclined,
  ConnectionRemoved,
  ConnectionRequested,
  EmailConfirmed,
  FeedCommentAdded,
  FeedMemberMentioned,
  FeedPhotoTagged,
  FeedPostDeleted,
  FeedReactionAdded,
  FeedReactionRemoved,
  MessageDeleted,
  MessageSent,
  NotificationPreferencesChanged,
  ProfileCompleted,
  ProfileUpdated,
  UserDeleted,
  UserRegistered,
  type EventDefinition,
  type EventPayload,
} from '@mer/contracts';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import {
  PUBLIC_URL,
  createTokenIssuer,
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
let tokens: Awaited<ReturnType<typeof createTokenIssuer>>;

beforeAll(async () => {
  infra = await createTestInfra();
  console.log(`notifications-email notifications on ${infra.describe}`);
  tokens = await createTokenIssuer();
  // Every event reaches the handlers twice (a lost ack): each test also proves one notification per event.
  service = await startEmailService(infra, { verifier: tokens.verifier, bus: deliveringTwice(infra.bus) });
});

afterAll(async () => {
  await service?.stop();
  await infra?.close();
});

const publish = <E extends EventDefinition>(def: E, payload: EventPayload<E>) =>
  infra.bus.publish(envelope(def, payload));
const now = () => new Date().toISOString();

/** A member as identity and profile-onboarding announce them. */
async function member(name: string): Promise<{ id: string; email: string; name: string; token: string }> {
  const id = randomUUID();
  const email = `${name.toLowerCase()}-${id.slice(0, 6)}@example.com`;
  await publish(UserRegistered, {
    userId: id,
    email,
    name,
    username: `${name.toLowerCase()}_${id.slice(0, 6)}`,
    discountPercent: null,
    emailConfirmationUrl: `${PUBLIC_URL}/confirm-email?token=${id}`,
    registeredAt: now(),
  });
  await publish(ProfileCompleted, {
    userId: id,
    name,
    username: `${name.toLowerCase()}_${id.slice(0, 6)}`,
    imageUrl: `/photos/${name}.jpg`,
    cityId: null,
    location: null,
    languages: [],
    interests: [],
    completedAt: now(),
  });
  await eventually(async () =>
    (
      await service.context.db
        .selectFrom('members')
        .select('image_url')
        .where('user_id', '=', id)
        .executeTakeFirst()
    )?.image_url
      ? true
      : null,
  );
  return { id, email, name, token: await tokens.token({ sub: id }) };
}

async function notificationsOf(userId: string, count: number) {
  return eventually(async () => {
    const rows = await storedNotifications(service, userId);
    return rows.length === count ? rows : null;
  });
}

async function api(path: string, token: string | null, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${service.url}/api/v1/notifications-email${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

const counts = { like: 0, love: 0, namaste: 0, insightful: 0, support: 0 };

describe("notifications from other services' events (each delivered twice)", () => {
  it('social-graph: a request notifies the receiver once (pending), acceptance the sender; cancel removes it', async () => {
    const [ana, ben, cy] = [await member('Ana'), await member('Ben'), await member('Cy')];
    const requestId = randomUUID();
    await publish(ConnectionRequested, {
      requestId,
      senderId: ben.id,
      receiverId: ana.id,
      senderName: 'Ben',
      senderImageUrl: '/b.jpg',
      requestedAt: now(),
    });
    const [request] = await notificationsOf(ana.id, 1);
    expect(request).toMatchObject({
      type: 'connection_request',
      title: 'New connection request',
      message: 'Ben would like to connect with you',
      connection_request_id: requestId,
      sender_user_id: ben.id,
      sender_name: 'Ben',
      sender_avatar_url: '/b.jpg',
      action_url: '/connections?tab=requests',
      priority: 2,
      read: false,
      metadata: { status: 'pending' },
    });
    await publish(ConnectionAccepted, {
      requestId,
      senderId: ben.id,
      receiverId: ana.id,
      receiverName: 'Ana',
      receiverImageUrl: null,
      acceptedAt: now(),
    });
    const [accepted] = await notificationsOf(ben.id, 1);
    expect(accepted).toMatchObject({
      type: 'connection_accepted',
      message: 'Ana accepted your connection request',
      action_url: `/profile/${ana.id}`,
    });
    await eventually(async () =>
      (await storedNotifications(service, ana.id))[0]!.metadata.status === 'accepted' ? true : null,
    );

    const withdrawn = randomUUID();
    await publish(ConnectionRequested, {
      requestId: withdrawn,
      senderId: cy.id,
      receiverId: ana.id,
      senderName: 'Cy',
      senderImageUrl: null,
      requestedAt: now(),
    });
    await notificationsOf(ana.id, 2);
    await publish(ConnectionCancelled, {
      requestId: withdrawn,
      senderId: cy.id,
      receiverId: ana.id,
      cancelledAt: now(),
    });
    await notificationsOf(ana.id, 1);

    // Declined and removed requests are no longer pending for the e-mail batch.
    const declined = randomUUID();
    const removed = randomUUID();
    await publish(ConnectionRequested, {
      requestId: declined,
      senderId: cy.id,
      receiverId: ben.id,
      senderName: 'Cy',
      senderImageUrl: null,
      requestedAt: now(),
    });
    await publish(ConnectionDeclined, {
      requestId: declined,
      senderId: cy.id,
      receiverId: ben.id,
      declinedAt: now(),
    });
    await publish(ConnectionRequested, {
      requestId: removed,
      senderId: ana.id,
      receiverId: cy.id,
      senderName: 'Ana',
      senderImageUrl: null,
      requestedAt: now(),
    });
    await publish(ConnectionRemoved, {
      requestId: removed,
      senderId: ana.id,
      receiverId: cy.id,
      removedBy: ana.id,
      reason: 'removed',
      removedAt: now(),
    });
    await eventually(async () => {
      const rows = await service.context.db
        .selectFrom('connection_requests')
        .select(['request_id', 'status'])
        .where('request_id', 'in', [declined, removed])
        .execute();
      return rows.length === 2 && rows.every((r) => r.status === 'ended') ? true : null;
    });
    // Connection requests and acceptances are never e-mailed per notification (the batch processor does it).
    expect(
      (await queueRows(service)).filter((r) => r.user_id === ana.id && r.kind === 'notification'),
    ).toHaveLength(0);
  });

  it('messaging: a message notifies each recipient with a preview and queues its high-priority e-mail; deleting it removes it', async () => {
    const [ana, ben] = [await member('Ana'), await member('Ben')];
    const conversationId = randomUUID();
    const messageId = randomUUID();
    await publish(MessageSent, {
      messageId,
      conversationId,
      sequence: 1,
      senderId: ben.id,
      senderName: 'Ben',
      senderImageUrl: null,
      recipientIds: [ana.id],
      memberIds: [ana.id, ben.id],
      body: 'Shall we meditate together on Sunday?',
      clientMessageId: null,
      sentAt: now(),
    });
    const [n] = await notificationsOf(ana.id, 1);
    expect(n).toMatchObject({
      type: 'message',
      title: 'New message from Ben',
      content_preview: 'Shall we meditate together on Sunday?',
      action_url: `/messages/${conversationId}`,
      metadata: { conversation_id: conversationId, message_id: messageId },
    });
    expect(await storedNotifications(service, ben.id)).toHaveLength(0);
    const emails = await eventually(async () => {
      const rows = (await queueRows(service)).filter(
        (r) => r.user_id === ana.id && r.kind === 'notification',
      );
      return rows.length === 1 ? rows : null;
    });
    expect(emails[0]).toMatchObject({ to_address: ana.email, subject: 'New message from Ben' });
    const created = await publishedEvents(service, 'notifications-email.notification.created.v1');
    expect(created.filter((e) => e.payload.notificationId === n!.id)).toHaveLength(1);

    await publish(MessageDeleted, {
      messageId,
      conversationId,
      sequence: 1,
      senderId: ben.id,
      memberIds: [ana.id, ben.id],
      deletedAt: now(),
    });
    await notificationsOf(ana.id, 0);
  });

  it('community-feed: reactions to one post aggregate ("Dee and 2 others reacted to your post")', async () => {
    const [ana, ben, cy, dee] = [
      await member('Ana'),
      await member('Ben'),
      await member('Cy'),
      await member('Dee'),
    ];
    const postId = randomUUID();
    const react = (who: string, type: 'love' | 'namaste', previousType: 'love' | null = null) =>
      publish(FeedReactionAdded, {
        postId,
        postAuthorId: ana.id,
        memberId: who,
        type,
        previousType,
        reactionCounts: counts,
      });
    await react(ana.id, 'love'); // one's own reaction: nothing
    await react(ben.id, 'love');
    const [first] = await notificationsOf(ana.id, 1);
    expect(first).toMatchObject({
      type: 'post_reaction',
      message: 'Ben reacted to your post',
      total_reactors: 1,
      is_grouped: false,
      group_key: `post_reaction:${postId}`,
      action_url: `/community/post/${postId}`,
    });
    await react(cy.id, 'namaste');
    await react(dee.id, 'love');
    const aggregated = await eventually(async () => {
      const [row] = await storedNotifications(service, ana.id);
      return row?.total_reactors === 3 ? row : null;
    });
    expect(aggregated).toMatchObject({
      type: 'aggregated_reaction',
      message: 'Dee and 2 others reacted to your post',
      is_grouped: true,
      last_reactor_id: dee.id,
      last_reactor_name: 'Dee',
      reaction_type: 'love',
    });
    expect(aggregated.aggregated_data.map((r: { reactor_name: string }) => r.reactor_name)).toEqual([
      'Dee',
      'Cy',
      'Ben',
    ]);
    expect(aggregated.aggregated_data[0]).toMatchObject({
      user_id: dee.id,
      avatar_url: '/photos/Dee.jpg',
      reaction_type: 'love',
    });

    await react(ben.id, 'namaste', 'love'); // a changed reaction: same three reactors
    await publish(FeedReactionRemoved, {
      postId,
      postAuthorId: ana.id,
      memberId: dee.id,
      type: 'love',
      reactionCounts: counts,
    });
    const after = await eventually(async () => {
      const [row] = await storedNotifications(service, ana.id);
      return row?.total_reactors === 2 ? row : null;
    });
    expect(after.message).toBe('Cy and 1 other reacted to your post');
    expect(after.aggregated_data.find((r: { user_id: string }) => r.user_id === ben.id)?.reaction_type).toBe(
      'namaste',
    );
    await notificationsOf(ana.id, 1);

    await publish(FeedPostDeleted, { postId, authorId: ana.id });
    await notificationsOf(ana.id, 0);
  });

  it('community-feed: comments (and replies), mentions and photo tags', async () => {
    const [ana, ben, cy] = [await member('Ana'), await member('Ben'), await member('Cy')];
    const postId = randomUUID();
    const commentId = randomUUID();
    await publish(FeedCommentAdded, {
      commentId,
      postId,
      postAuthorId: ana.id,
      authorId: ben.id,
      parentId: null,
      parentAuthorId: null,
      preview: 'Beautiful words',
    });
    const [comment] = await notificationsOf(ana.id, 1);
    expect(comment).toMatchObject({
      type: 'post_comment',
      message: 'Ben commented on your post',
      content_preview: 'Beautiful words',
      action_url: `/community/post/${postId}`,
      sender_name: 'Ben',
    });

    await publish(FeedCommentAdded, {
      commentId: randomUUID(),
      postId,
      postAuthorId: ana.id,
      authorId: cy.id,
      parentId: commentId,
      parentAuthorId: ben.id,
      preview: 'Agreed',
    });
    const [reply] = await notificationsOf(ben.id, 1);
    expect(reply!.message).toBe('Cy replied to your comment');
    await notificationsOf(ana.id, 2);

    await publish(FeedMemberMentioned, {
      mentionedUserId: cy.id,
      byUserId: ana.id,
      postId,
      commentId: null,
      preview: 'with @cy',
    });
    const [mention] = await notificationsOf(cy.id, 1);
    expect(mention).toMatchObject({ type: 'mention', message: 'Ana mentioned you in a post', priority: 2 });

    const photoId = randomUUID();
    await publish(FeedPhotoTagged, {
      photoId,
      taggedUserId: cy.id,
      byUserId: ben.id,
      albumId: null,
      albumName: 'Retreat',
    });
    const tags = await notificationsOf(cy.id, 2);
    expect(tags.find((t) => t.type === 'photo_tag')).toMatchObject({
      message: 'Ben tagged you in a photo in Retreat',
      action_url: `/my-profile?tab=photos&photo=${photoId}`,
      metadata: { photo_id: photoId, album_name: 'Retreat' },
    });
  });

  it('profile-onboarding and identity: preferences, names and addresses are kept; unknown members get nothing', async () => {
    const [ana, ben] = [await member('Ana'), await member('Ben')];
    await publish(NotificationPreferencesChanged, {
      userId: ana.id,
      preferences: { messages: false, post_comments: true },
      changedAt: now(),
    });
    await publish(ProfileUpdated, {
      userId: ben.id,
      name: 'Benedict',
      username: 'ben',
      imageUrl: null,
      cityId: null,
      location: null,
      languages: [],
      interests: [],
      updatedAt: now(),
    });
    await publish(EmailConfirmed, { userId: ana.id, email: 'ana.new@example.com' });
    await eventually(async () => {
      const row = await service.context.db
        .selectFrom('members')
        .selectAll()
        .where('user_id', 'in', [ana.id, ben.id])
        .execute();
      const a = row.find((r) => r.user_id === ana.id)!;
      const b = row.find((r) => r.user_id === ben.id)!;
      return a.notification_preferences?.messages === false &&
        a.email === 'ana.new@example.com' &&
        b.name === 'Benedict'
        ? true
        : null;
    });
    const sentAt = now();
    const msg = {
      conversationId: randomUUID(),
      sequence: 1,
      senderId: ben.id,
      senderName: 'Benedict',
      senderImageUrl: null,
      memberIds: [ana.id, ben.id],
      body: 'hi',
      clientMessageId: null,
      sentAt,
    };
    await publish(MessageSent, { ...msg, messageId: randomUUID(), recipientIds: [ana.id] });
    await publish(FeedCommentAdded, {
      commentId: randomUUID(),
      postId: randomUUID(),
      postAuthorId: ana.id,
      authorId: ben.id,
      parentId: null,
      parentAuthorId: null,
      preview: 'x',
    });
    const [only] = await notificationsOf(ana.id, 1); // the comment; messages are off
    expect(only).toMatchObject({ type: 'post_comment', message: 'Benedict commented on your post' });
    const email = await eventually(
      async () =>
        (await queueRows(service)).find((r) => r.user_id === ana.id && r.kind === 'notification') ?? null,
    );
    expect(email.to_address).toBe('ana.new@example.com');

    const stranger = randomUUID();
    await publish(MessageSent, { ...msg, messageId: randomUUID(), recipientIds: [stranger] });
    await new Promise((r) => setTimeout(r, 300));
    expect(await storedNotifications(service, stranger)).toHaveLength(0);

    await publish(UserDeleted, { userId: ana.id });
    await notificationsOf(ana.id, 0);
  });
});

describe('the notification routes', () => {
  it('list newest first with paging and type filters, count unread, and mark read one, shown ones and all', async () => {
    const [ana, ben] = [await member('Ana'), await member('Ben')];
    const postId = randomUUID();
    for (let i = 0; i < 3; i++) {
      await publish(FeedCommentAdded, {
        commentId: randomUUID(),
        postId,
        postAuthorId: ana.id,
        authorId: ben.id,
        parentId: null,
        parentAuthorId: null,
        preview: `c${i}`,
      });
    }
    await publish(FeedReactionAdded, {
      postId,
      postAuthorId: ana.id,
      memberId: ben.id,
      type: 'love',
      previousType: null,
      reactionCounts: counts,
    });
    await notificationsOf(ana.id, 4);

    expect(await api('/notifications', null)).toMatchObject({
      status: 401,
      body: { error: { message: 'User not authenticated' } },
    });
    const first = await api('/notifications?limit=3', ana.token);
    expect(first.status).toBe(200);
    expect(first.body.notifications).toHaveLength(3);
    expect(first.body.unreadCount).toBe(4);
    expect(first.body.notifications[0]).toMatchObject({
      type: 'post_reaction',
      priorityLabel: 'Normal',
      totalReactors: 1,
      aggregatedData: [{ reactor_name: 'Ben' }],
    });
    const second = await api(`/notifications?limit=3&cursor=${first.body.nextCursor}`, ana.token);
    expect(second.body.notifications).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    expect((await api('/notifications?type=post_reaction', ana.token)).body.notifications).toHaveLength(1);
    expect((await api('/notifications?type=post_comment', ana.token)).body.notifications).toHaveLength(3);
    expect((await api('/notifications?cursor=nonsense', ana.token)).status).toBe(400);

    const [one, two, three] = first.body.notifications;
    expect((await api(`/notifications/${one.id}/read`, ben.token, { method: 'POST' })).status).toBe(404);
    const read = await api(`/notifications/${one.id}/read`, ana.token, { method: 'POST' });
    expect(read.body).toMatchObject({ notification: { id: one.id, read: true }, unreadCount: 3 });
    expect((await api('/notifications/unread-count', ana.token)).body).toEqual({ unreadCount: 3 });
    const shown = await api('/notifications/read', ana.token, {
      method: 'POST',
      body: { ids: [two.id, three.id, randomUUID()] },
    });
    expect(shown.body).toEqual({ updated: 2, unreadCount: 1 });
    expect((await api('/notifications?unread=true', ana.token)).body.notifications).toHaveLength(1);
    expect(
      (await api('/notifications/read', ana.token, { method: 'POST', body: { all: true } })).body,
    ).toEqual({ updated: 1, unreadCount: 0 });

    const readEvents = (await publishedEvents(service, 'notifications-email.notifications.read.v1')).filter(
      (e) => e.payload.userId === ana.id,
    );
    expect(
      readEvents.map((e) => [e.payload.notificationIds.length, e.payload.all, e.payload.unreadCount]),
    ).toEqual([
      [1, false, 3],
      [2, false, 1],
      [0, true, 0],
    ]);
  });

  it('e-mail preferences: defaults, partial changes, a bad time zone refused', async () => {
    const ana = await member('Ana');
    expect((await api('/email-preferences', ana.token)).body).toEqual({
      unsubscribedAll: false,
      batchNotifications: true,
      quietHoursEnabled: false,
      quietHoursStart: '22:00',
      quietHoursEnd: '07:00',
      timeZone: 'UTC',
      digest: 'weekly',
    });
    const changed = await api('/email-preferences', ana.token, {
      method: 'PATCH',
      body: { quietHoursEnabled: true, quietHoursStart: '23:30', timeZone: 'Europe/Lisbon' },
    });
    expect(changed.body).toMatchObject({
      quietHoursEnabled: true,
      quietHoursStart: '23:30',
      quietHoursEnd: '07:00',
      timeZone: 'Europe/Lisbon',
    });
    expect(
      (await api('/email-preferences', ana.token, { method: 'PATCH', body: { timeZone: 'Mars/Olympus' } }))
        .body.error.message,
    ).toBe('Unknown time zone');
    expect(
      (await api('/email-preferences', ana.token, { method: 'PATCH', body: { quietHoursEnd: '25:00' } }))
        .status,
    ).toBe(400);
  });
});
