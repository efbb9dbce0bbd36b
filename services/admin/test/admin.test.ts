import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventEnvelope, eventually } from '@mer/service-runtime/testing';
import {
  CommunityFeedThreatDetected,
  EmailConfirmed,
  FeedContentAutoHidden,
  FeedContentReported,
  FeedPostCreated,
  MemberReported,
  SessionsRevoked,
  UserDeleted,
  UserRegistered,
  type ModerationItem,
  type SecurityEvent,
} from '@mer/contracts';
import { call, startAdminHarness, type AdminHarness } from './harness.ts';

// The admin service on real PostgreSQL and NATS (embedded engines when they do not run): what it consumes,
// what admins do with it, who may do it, and that a redelivered event changes nothing.

let h: AdminHarness;
let admin: string;
let adminId: string;

beforeAll(async () => {
  h = await startAdminHarness({ SECURITY_BATCHES_PER_MINUTE: '3' });
  adminId = randomUUID();
  admin = await h.tokens.token({ sub: adminId, perms: ['system_admin'] });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

/** Publishes an event twice, as JetStream may deliver it: consumers apply it once. */
async function publishTwice(event: ReturnType<typeof eventEnvelope>): Promise<void> {
  await h.infra.bus.publish(event);
  await h.infra.bus.publish(event);
}

async function securityEvents(query = ''): Promise<SecurityEvent[]> {
  const res = await call(h, 'GET', `/api/v1/admin/security-events${query}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.events;
}

async function queue(status = 'open'): Promise<ModerationItem[]> {
  const res = await call(h, 'GET', `/api/v1/admin/moderation?status=${status}&limit=100`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.items;
}

function threat(userId: string | null) {
  return eventEnvelope(CommunityFeedThreatDetected, {
    name: 'suspicious_script_injection',
    severity: 'critical',
    service: 'community-feed',
    userId,
    field: 'post.content',
    labels: ['Script tag injection'],
    description: 'Script tag injection in post.content',
    sample: '<script>alert(1)</script>',
    inputLength: 25,
    inputSha256: 'a'.repeat(64),
  });
}

describe('security log', () => {
  it("logs a service's threat event once, with its severity, and announces it to admins", async () => {
    const memberId = randomUUID();
    const event = threat(memberId);
    await publishTwice(event);
    const [logged] = await eventually(async () => {
      const events = await securityEvents(`?userId=${memberId}`);
      return events.length ? events : undefined;
    });
    expect(logged).toMatchObject({
      id: event.id,
      type: 'suspicious_script_injection',
      severity: 'critical',
      source: 'community-feed',
      userId: memberId,
      ip: null,
      resolved: false,
      details: { field: 'post.content', sample: '<script>alert(1)</script>' },
    });
    await eventually(() =>
      h.published.find(
        (e) =>
          e.subject === 'admin.security.event-logged.v1' && (e.payload as any).securityEventId === event.id,
      ),
    );
    expect(await securityEvents(`?userId=${memberId}`)).toHaveLength(1);
  });

  it("logs a browser's batch with the member, the user agent and the server's severity; IP is null", async () => {
    const memberId = randomUUID();
    const token = await h.tokens.token({ sub: memberId });
    const res = await call(h, 'POST', '/api/v1/admin/security-events/browser', {
      token,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0' },
      body: {
        events: [
          { type: 'devtools_opened', details: { widthGap: 200 }, occurredAt: new Date().toISOString() },
          { type: 'right_click_detected', occurredAt: new Date().toISOString() },
        ],
      },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: 2 });
    const events = await securityEvents(`?userId=${memberId}`);
    expect(events.map((e) => [e.type, e.severity]).sort()).toEqual([
      ['devtools_opened', 'medium'],
      ['right_click_detected', 'low'],
    ]);
    expect(events[0]).toMatchObject({
      source: 'browser',
      ip: null,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0',
    });
    expect(await securityEvents(`?userId=${memberId}&severity=medium`)).toHaveLength(1);
    expect(await securityEvents(`?userId=${memberId}&type=right_click_detected`)).toHaveLength(1);
  });

  it('sanitises what a browser writes and logs the hostile part as its own event', async () => {
    const memberId = randomUUID();
    const token = await h.tokens.token({ sub: memberId });
    const res = await call(h, 'POST', '/api/v1/admin/security-events/browser', {
      token,
      body: {
        events: [
          {
            type: 'suspicious_element_blocked',
            description: 'blocked <script>alert(1)</script> element',
            details: { tag: '<img src=x onerror=alert(1)>' },
            occurredAt: new Date().toISOString(),
          },
        ],
      },
    });
    expect(res.status).toBe(202);
    const events = await securityEvents(`?userId=${memberId}`);
    const blocked = events.find((e) => e.type === 'suspicious_element_blocked')!;
    expect(blocked.description).not.toContain('<script>');
    expect(JSON.stringify(blocked.details)).not.toContain('onerror');
    expect(events.some((e) => e.source === 'admin' && e.severity !== 'low')).toBe(true);
  });

  it('limits browser batches per session: Too Many Requests past the limit', async () => {
    const token = await h.tokens.token();
    const body = { events: [{ type: 'page_hidden', occurredAt: new Date().toISOString() }] };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call(h, 'POST', '/api/v1/admin/security-events/browser', { token, body })).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    const refused = await call(h, 'POST', '/api/v1/admin/security-events/browser', { token, body });
    expect(refused.body.error).toMatchObject({ code: 'too_many_requests', title: 'Too Many Requests' });
    // Another session of someone else is not affected.
    const other = await h.tokens.token();
    expect(
      (await call(h, 'POST', '/api/v1/admin/security-events/browser', { token: other, body })).status,
    ).toBe(202);
  });

  it('refuses a browser batch that is not the schema, and a visitor', async () => {
    const token = await h.tokens.token();
    const at = new Date().toISOString();
    for (const body of [
      {},
      { events: [] },
      { events: [{ type: 'suspicious_script_injection', occurredAt: at }] }, // a browser cannot claim critical
      { events: [{ type: 'page_hidden', occurredAt: at, severity: 'critical' }] },
      { events: Array.from({ length: 21 }, () => ({ type: 'page_hidden', occurredAt: at })) },
      { events: [{ type: 'page_hidden', occurredAt: at, details: { x: 'y'.repeat(201) } }] },
    ]) {
      const res = await call(h, 'POST', '/api/v1/admin/security-events/browser', { token, body });
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.body.error.code).toBe('invalid_data');
    }
    const visitor = await call(h, 'POST', '/api/v1/admin/security-events/browser', {
      body: { events: [{ type: 'page_hidden', occurredAt: at }] },
    });
    expect(visitor.status).toBe(401);
  });

  it('lists newest first, at most 100, and pages on', async () => {
    const memberId = randomUUID();
    for (let i = 0; i < 3; i++) await h.infra.bus.publish(threat(memberId));
    const all = await eventually(async () => {
      const events = await securityEvents(`?userId=${memberId}`);
      return events.length === 3 ? events : undefined;
    });
    expect([...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt))).toEqual(all);
    const page = await securityEvents(`?userId=${memberId}&limit=2`);
    expect(page).toEqual(all.slice(0, 2));
    expect(await securityEvents(`?userId=${memberId}&before=${page[1]!.id}`)).toEqual(all.slice(2));
    const tooMany = await call(h, 'GET', '/api/v1/admin/security-events?limit=101', { token: admin });
    expect(tooMany.status).toBe(400);
  });

  it('resolves an event by the current admin, once, with an audit entry', async () => {
    const memberId = randomUUID();
    await h.infra.bus.publish(threat(memberId));
    const [event] = await eventually(async () => {
      const events = await securityEvents(`?userId=${memberId}`);
      return events.length ? events : undefined;
    });
    const resolved = await call(h, 'POST', `/api/v1/admin/security-events/${event!.id}/resolve`, {
      token: admin,
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ resolved: true, resolvedBy: adminId });
    expect(resolved.body.resolvedAt).toBeTypeOf('string');
    const again = await call(h, 'POST', `/api/v1/admin/security-events/${event!.id}/resolve`, {
      token: admin,
    });
    expect(again.body).toEqual(resolved.body);
    const trail = await call(h, 'GET', `/api/v1/admin/audit?targetId=${event!.id}`, { token: admin });
    expect(trail.body.entries).toHaveLength(1);
    expect(trail.body.entries[0]).toMatchObject({
      actorId: adminId,
      action: 'security_event.resolve',
      before: { resolved: false },
      after: { resolved: true },
    });
    const unknown = await call(h, 'POST', `/api/v1/admin/security-events/${randomUUID()}/resolve`, {
      token: admin,
    });
    expect(unknown.status).toBe(404);
  });

  it('logs a reused refresh token as a high-severity server signal', async () => {
    const memberId = randomUUID();
    await h.infra.bus.publish(
      eventEnvelope(SessionsRevoked, { userId: memberId, reason: 'refresh_token_reuse' }),
    );
    await h.infra.bus.publish(
      eventEnvelope(SessionsRevoked, { userId: memberId, reason: 'password_change' }),
    );
    const [logged] = await eventually(async () => {
      const events = await securityEvents(`?userId=${memberId}`);
      return events.length ? events : undefined;
    });
    expect(logged).toMatchObject({ type: 'refresh_token_reuse', severity: 'high', source: 'identity' });
  });
});

describe('moderation queue', () => {
  function feedReport(targetId: string, authorId: string, reportCount: number) {
    return eventEnvelope(FeedContentReported, {
      reportId: randomUUID(),
      targetType: 'post',
      targetId,
      authorId,
      reporterId: randomUUID(),
      reason: 'Spam or misleading',
      reportCount,
    });
  }

  it('collects reports of an item (once each), the auto-hide, and publishes the decision for the owner', async () => {
    const postId = randomUUID();
    const authorId = randomUUID();
    const reports = [
      feedReport(postId, authorId, 1),
      feedReport(postId, authorId, 2),
      feedReport(postId, authorId, 3),
    ];
    for (const report of reports) await publishTwice(report);
    await h.infra.bus.publish(
      eventEnvelope(FeedContentAutoHidden, {
        targetType: 'post',
        targetId: postId,
        authorId,
        reportCount: 3,
      }),
    );
    const item = await eventually(async () =>
      (await queue()).find((i) => i.targetId === postId && i.reportCount === 3 && i.hidden),
    );
    expect(item).toMatchObject({ service: 'community-feed', targetType: 'post', authorId, status: 'open' });
    expect(item.reports).toHaveLength(3);
    const byAuthor = await call(h, 'GET', `/api/v1/admin/moderation?authorId=${authorId}`, { token: admin });
    expect(byAuthor.body.items.map((i: ModerationItem) => i.id)).toEqual([item.id]);

    const decided = await call(h, 'POST', `/api/v1/admin/moderation/${item.id}/decisions`, {
      token: admin,
      body: { action: 'delete', note: 'Spam <b>links</b>' },
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'decided', lastAction: 'delete', decidedBy: adminId });
    const event = await eventually(() =>
      h.published.find(
        (e) => e.subject === 'admin.moderation.decided.v1' && (e.payload as any).itemId === item.id,
      ),
    );
    expect(event.payload).toMatchObject({
      service: 'community-feed',
      targetType: 'post',
      targetId: postId,
      authorId,
      action: 'delete',
      note: 'Spam links',
      decidedBy: adminId,
    });
    expect(new Set((event.payload as any).reporterIds)).toEqual(
      new Set(reports.map((r) => r.payload.reporterId)),
    );
    expect((event.payload as any).reporterMessage).toContain('removed');
    expect((await queue()).some((i) => i.id === item.id)).toBe(false);
    const trail = await call(h, 'GET', `/api/v1/admin/audit?targetId=${postId}`, { token: admin });
    expect(trail.body.entries[0]).toMatchObject({
      action: 'moderation.delete',
      before: { status: 'open', hidden: true },
      after: { status: 'decided', lastAction: 'delete', note: 'Spam links' },
    });

    // A new report of a decided item opens it again.
    await h.infra.bus.publish(feedReport(postId, authorId, 4));
    await eventually(async () => (await queue()).find((i) => i.id === item.id && i.reportCount === 4));
  });

  it('takes member reports from social-graph; a member can be warned or suspended, not hidden', async () => {
    const reportedId = randomUUID();
    await h.infra.bus.publish(
      eventEnvelope(MemberReported, {
        reportId: randomUUID(),
        reporterId: randomUUID(),
        reportedId,
        reason: 'Harassment',
        details: 'Keeps messaging me',
        reportedAt: new Date().toISOString(),
      }),
    );
    const item = await eventually(async () => (await queue()).find((i) => i.targetId === reportedId));
    expect(item).toMatchObject({ service: 'identity', targetType: 'member' });
    const hide = await call(h, 'POST', `/api/v1/admin/moderation/${item.id}/decisions`, {
      token: admin,
      body: { action: 'hide' },
    });
    expect(hide.status).toBe(400);
    const warn = await call(h, 'POST', `/api/v1/admin/moderation/${item.id}/decisions`, {
      token: admin,
      body: { action: 'warn', note: 'Be kind' },
    });
    expect(warn.status).toBe(200);
    const event = await eventually(() =>
      h.published.find(
        (e) => e.subject === 'admin.moderation.decided.v1' && (e.payload as any).itemId === item.id,
      ),
    );
    expect((event.payload as any).authorMessage).toContain('Be kind');
  });

  it('answers bad decisions with 4xx', async () => {
    for (const body of [
      {},
      { action: 'ban' },
      { action: 'hide', note: 'x'.repeat(501) },
      { action: 'hide', extra: 1 },
    ]) {
      const res = await call(h, 'POST', `/api/v1/admin/moderation/${randomUUID()}/decisions`, {
        token: admin,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await call(h, 'POST', `/api/v1/admin/moderation/${randomUUID()}/decisions`, {
      token: admin,
      body: { action: 'hide' },
    });
    expect(unknown.status).toBe(404);
    const notAnId = await call(h, 'POST', '/api/v1/admin/moderation/not-an-id/decisions', {
      token: admin,
      body: { action: 'hide' },
    });
    expect(notAnId.status).toBe(400);
  });
});

describe('dashboard', () => {
  it('counts members, posts and active members from events, each event once', async () => {
    const before = (await call(h, 'GET', '/api/v1/admin/dashboard', { token: admin })).body;
    const memberId = randomUUID();
    await publishTwice(
      eventEnvelope(UserRegistered, {
        userId: memberId,
        email: `m-${memberId.slice(0, 8)}@example.org`,
        name: 'Mira',
        username: `mira_${memberId.slice(0, 6)}`,
        discountPercent: null,
        emailConfirmationUrl: 'http://mer.test/confirm',
        registeredAt: new Date().toISOString(),
      }),
    );
    await publishTwice(
      eventEnvelope(FeedPostCreated, {
        postId: randomUUID(),
        authorId: memberId,
        content: 'hello',
        topic: 'general',
        visibility: 'all',
        photoCount: 0,
        createdAt: new Date().toISOString(),
      }),
    );
    const after = await eventually(async () => {
      const body = (await call(h, 'GET', '/api/v1/admin/dashboard', { token: admin })).body;
      return body.postsPerWeek.at(-1).count > before.postsPerWeek.at(-1).count &&
        body.members.total > before.members.total
        ? body
        : undefined;
    });
    expect(after.members.total).toBe(before.members.total + 1);
    expect(after.members.newPerWeek.at(-1).count).toBe(before.members.newPerWeek.at(-1).count + 1);
    expect(after.postsPerWeek.at(-1).count).toBe(before.postsPerWeek.at(-1).count + 1);
    expect(after.members.activeThisWeek).toBe(before.members.activeThisWeek + 1);
    expect(after.postsPerWeek).toHaveLength(8);
  });
});

describe('erasure', () => {
  it("anonymises a deleted member's security events and drops their reports", async () => {
    const memberId = randomUUID();
    await h.infra.bus.publish(threat(memberId));
    const [event] = await eventually(async () => {
      const events = await securityEvents(`?userId=${memberId}`);
      return events.length ? events : undefined;
    });
    await h.infra.bus.publish(eventEnvelope(UserDeleted, { userId: memberId }));
    await eventually(async () => (await securityEvents(`?userId=${memberId}`)).length === 0);
    const kept = (await securityEvents('?limit=100')).find((e) => e.id === event!.id);
    if (kept) expect(kept).toMatchObject({ userId: null, userAgent: null });
  });
});

describe('access', () => {
  it('refuses members without an admin permission with Permission Denied, and visitors', async () => {
    const member = await h.tokens.token();
    const analyst = await h.tokens.token({ perms: ['system_analytics'] });
    const res = await call(h, 'GET', '/api/v1/admin/moderation', { token: member });
    expect(res.status).toBe(403);
    expect(res.body.error.title).toBe('Permission Denied');
    expect((await call(h, 'GET', '/api/v1/admin/moderation', { token: analyst })).status).toBe(403);
    expect((await call(h, 'GET', '/api/v1/admin/security-events', { token: analyst })).status).toBe(200);
    expect((await call(h, 'GET', '/api/v1/admin/audit', { token: analyst })).status).toBe(403);
    expect((await call(h, 'GET', '/api/v1/admin/dashboard', { token: analyst })).status).toBe(200);
    expect((await call(h, 'GET', '/api/v1/admin/dashboard')).status).toBe(401);
  });
});

describe('full diagnostics: bus consumer lag', () => {
  it("reports each durable consumer's pending and unacknowledged events, to system admins and settings only", async () => {
    // A consumer that read one event and then stopped: the three published after it wait for it.
    const subject = EmailConfirmed.subject;
    const seen: string[] = [];
    const lagging = await h.infra.bus.subscribe({
      durable: 'test-lagging',
      subject,
      handler: async (event) => void seen.push(event.id),
    });
    const first = eventEnvelope(EmailConfirmed, { userId: randomUUID(), email: 'a@example.org' });
    await h.infra.bus.publish(first);
    await eventually(() => seen.includes(first.id));
    await lagging.stop();
    for (let i = 0; i < 3; i++)
      await h.infra.bus.publish(
        eventEnvelope(EmailConfirmed, { userId: randomUUID(), email: 'b@example.org' }),
      );

    const res = await call(h, 'GET', '/api/v1/admin/diagnostics/bus', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.bus).toBe(h.infra.bus.kind);
    const consumers: Array<{
      consumer: string;
      subject: string;
      pending: number;
      ackPending: number | null;
    }> = res.body.consumers;
    const row = consumers.find((c) => c.consumer === 'test-lagging');
    expect(row).toMatchObject({ subject, pending: 3 });
    // JetStream knows every consumer's unacknowledged count; the embedded bus only its running ones', and says so.
    if (h.infra.bus.kind === 'nats') {
      expect(row!.ackPending).toBe(0);
      expect(res.body.note).toBeNull();
    } else {
      expect(row!.ackPending).toBeNull();
      expect(res.body.note).toMatch(/not available/);
    }
    // admin's own consumers are there, caught up.
    await eventually(async () => {
      const again = await call(h, 'GET', '/api/v1/admin/diagnostics/bus', { token: admin });
      const own = (again.body.consumers as typeof consumers).find(
        (c) => c.consumer === 'admin-forget-member',
      );
      return own?.pending === 0;
    });

    const settings = await h.tokens.token({ perms: ['system_settings'] });
    const analyst = await h.tokens.token({ perms: ['system_analytics'] });
    expect((await call(h, 'GET', '/api/v1/admin/diagnostics/bus', { token: settings })).status).toBe(200);
    expect((await call(h, 'GET', '/api/v1/admin/diagnostics/bus', { token: analyst })).status).toBe(403);
    expect((await call(h, 'GET', '/api/v1/admin/diagnostics/bus')).status).toBe(401);
  });
});
