import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventEnvelope, eventually } from '@mer/service-runtime/testing';
import { AdminModerationDecided } from '@mer/contracts';
import { call, eventsOf, h, member, page, send, start, useMessagingService } from './harness.ts';

// Reports of messages (issue 20), on the service as tests/harness.ts starts it.
useMessagingService();

describe('reporting a message', () => {
  async function decide(messageId: string, authorId: string, action: 'hide' | 'delete' | 'dismiss') {
    await h.infra.bus.publish(
      eventEnvelope(AdminModerationDecided, {
        decisionId: randomUUID(),
        itemId: randomUUID(),
        service: 'messaging',
        targetType: 'message',
        targetId: messageId,
        authorId,
        action,
        note: null,
        decidedBy: randomUUID(),
        decidedAt: new Date().toISOString(),
        reporterIds: [],
        reporterMessage: 'Thank you for your report.',
        authorMessage: null,
      }),
    );
  }

  it('publishes the reported message alone as context, once per member; others are refused', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const conversation = await start(a, b);
    await send(a, conversation.id, 'Hello there');
    const bad = await send(a, conversation.id, 'Send me your <b>bank</b> details');
    expect(bad.status).toBe(201);
    const path = `/api/v1/messaging/messages/${bad.body.id}/report`;

    const first = await call('POST', path, { token: b.token, body: { reason: 'Scam' } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.alreadyReported).toBe(false);
    const again = await call('POST', path, { token: b.token, body: { reason: 'Scam again' } });
    expect(again.body).toEqual({ reportId: first.body.reportId, alreadyReported: true });
    await eventually(() =>
      eventsOf('messaging.content.reported.v1', (p) => p.targetId === bad.body.id).length ? true : undefined,
    );
    const reports = eventsOf('messaging.content.reported.v1', (p) => p.targetId === bad.body.id);
    expect(new Set(reports.map((e) => e.id)).size).toBe(1);
    expect(reports[0]!.payload).toEqual({
      reportId: first.body.reportId,
      targetType: 'message',
      targetId: bad.body.id,
      authorId: a.id,
      reporterId: b.id,
      reason: 'Scam',
      reportCount: 1,
      context: 'Send me your bank details',
    });

    expect((await call('POST', path, { token: c.token, body: { reason: 'Scam' } })).status).toBe(403);
    expect((await call('POST', path, { body: { reason: 'Scam' } })).status).toBe(401);
    const own = await call('POST', path, { token: a.token, body: { reason: 'Oops' } });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe('You cannot report your own message.');
    const unknown = `/api/v1/messaging/messages/${randomUUID()}/report`;
    expect((await call('POST', unknown, { token: b.token, body: { reason: 'x' } })).status).toBe(404);
    for (const body of [
      {},
      { reason: { text: 1 } },
      { reason: 'x'.repeat(501) },
      { reason: 'x', extra: true },
      { reason: '<script>alert(1)</script>' },
      { reason: '   ' },
    ]) {
      const res = await call('POST', path, { token: b.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        await call('POST', '/api/v1/messaging/messages/not-an-id/report', {
          token: b.token,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(400);
  });

  it("removes the message for both members on a moderator's decision, live, once however often delivered", async () => {
    const [a, b] = [await member(), await member()];
    const conversation = await start(a, b);
    const bad = await send(a, conversation.id, 'Buy followers cheap');
    await send(b, conversation.id, 'No thanks');
    expect(
      (
        await call('POST', `/api/v1/messaging/messages/${bad.body.id}/report`, {
          token: b.token,
          body: { reason: 'Spam' },
        })
      ).status,
    ).toBe(201);

    await decide(bad.body.id, a.id, 'dismiss');
    await decide(bad.body.id, a.id, 'hide');
    await eventually(() =>
      eventsOf('messaging.message.deleted.v1', (p) => p.messageId === bad.body.id).length ? true : undefined,
    );
    const deleted = eventsOf('messaging.message.deleted.v1', (p) => p.messageId === bad.body.id);
    expect(new Set(deleted.map((e) => e.id)).size).toBe(1);
    expect(new Set((deleted[0]!.payload as { memberIds: string[] }).memberIds)).toEqual(
      new Set([a.id, b.id]),
    );
    for (const m of [a, b]) {
      const messages = (await page(m, conversation.id, 'limit=50')).messages;
      const shown = messages.find((x) => x.id === bad.body.id)!;
      expect(shown.body ?? null).toBeNull();
      expect(shown.deletedAt).not.toBeNull();
      expect(messages.find((x) => x.body === 'No thanks')).toBeDefined();
    }
    // A later delete of the removed message changes nothing.
    await decide(bad.body.id, a.id, 'delete');
    await new Promise((r) => setTimeout(r, 300));
    expect(eventsOf('messaging.message.deleted.v1', (p) => p.messageId === bad.body.id)).toHaveLength(
      deleted.length,
    );
  });
});
