import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventEnvelope, eventually } from '@mer/service-runtime/testing';
import {
  ConnectionRequestEmailSent,
  type ConnectionList,
  type ConnectionStatus,
  type ErrorBody,
  type MutualConnections,
} from '@mer/contracts';
import { API, call, json, member, startHarness, type Harness, type TestMember } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const status = (viewer: TestMember, other: TestMember) =>
  json<ConnectionStatus>(
    call(h, 'GET', `${API}/connections/status/${other.id}`, { token: viewer.token }),
    200,
  );
const send = (from: TestMember, to: TestMember) =>
  call(h, 'POST', `${API}/connection-requests`, { token: from.token, body: { userId: to.id } });
const eventsFor = (subject: string, requestId: string) =>
  h.published.filter(
    (e) => e.subject === subject && (e.payload as { requestId?: string }).requestId === requestId,
  );
const liveRows = (a: TestMember, b: TestMember) =>
  h.service.context.db
    .selectFrom('connection_requests')
    .selectAll()
    .where('deleted', '=', false)
    .where((eb) =>
      eb.or([
        eb.and([eb('sender_id', '=', a.id), eb('receiver_id', '=', b.id)]),
        eb.and([eb('sender_id', '=', b.id), eb('receiver_id', '=', a.id)]),
      ]),
    )
    .execute();

describe('derived connection status (spec 001 section 4)', () => {
  it('goes none → pending_sent / pending_received → connected → none, with request id and sender id', async () => {
    const a = await member(h);
    const b = await member(h);
    expect(await status(a, b)).toEqual({ userId: b.id, status: 'none', requestId: null, senderId: null });

    const sent = await json<ConnectionStatus>(send(a, b), 201);
    expect(sent).toMatchObject({ userId: b.id, status: 'pending_sent', senderId: a.id });
    const requestId = sent.requestId!;
    expect(await status(b, a)).toEqual({
      userId: a.id,
      status: 'pending_received',
      requestId,
      senderId: a.id,
    });
    const requested = await eventually(() => eventsFor('social-graph.connection.requested.v1', requestId)[0]);
    expect(requested.payload).toMatchObject({ senderId: a.id, receiverId: b.id, senderName: a.name });

    // Sending again changes nothing.
    expect((await json<ConnectionStatus>(send(a, b), 201)).requestId).toBe(requestId);

    // The lists of both members' tabs.
    const received = await json<ConnectionList>(
      call(h, 'GET', `${API}/connection-requests/received`, { token: b.token }),
      200,
    );
    expect(received.items.map((i) => i.requestId)).toEqual([requestId]);
    expect(received.items[0]!.person).toMatchObject({ userId: a.id, status: 'pending_received' });
    const sentList = await json<ConnectionList>(
      call(h, 'GET', `${API}/connection-requests/sent`, { token: a.token }),
      200,
    );
    expect(sentList.items.map((i) => i.person.userId)).toEqual([b.id]);

    // Only the receiver accepts.
    expect(
      (await call(h, 'POST', `${API}/connection-requests/${requestId}/accept`, { token: a.token })).status,
    ).toBe(403);
    const accepted = await json<ConnectionStatus>(
      call(h, 'POST', `${API}/connection-requests/${requestId}/accept`, { token: b.token }),
      200,
    );
    expect(accepted).toEqual({ userId: a.id, status: 'connected', requestId, senderId: a.id });
    expect((await status(a, b)).status).toBe('connected');
    await eventually(() => eventsFor('social-graph.connection.accepted.v1', requestId)[0]);
    const connections = await json<ConnectionList>(
      call(h, 'GET', `${API}/connections`, { token: a.token }),
      200,
    );
    expect(connections.items.map((i) => i.person.userId)).toEqual([b.id]);

    // Either member removes it.
    expect(
      await json<ConnectionStatus>(call(h, 'DELETE', `${API}/connections/${a.id}`, { token: b.token }), 200),
    ).toEqual({ userId: a.id, status: 'none', requestId: null, senderId: null });
    expect((await status(a, b)).status).toBe('none');
    const removed = await eventually(() => eventsFor('social-graph.connection.removed.v1', requestId)[0]);
    expect(removed.payload).toMatchObject({ removedBy: b.id, reason: 'removed' });
  });

  it('declines (receiver) and cancels (sender) pending requests', async () => {
    const a = await member(h);
    const b = await member(h);
    const first = (await json<ConnectionStatus>(send(a, b), 201)).requestId!;
    expect(
      (await call(h, 'POST', `${API}/connection-requests/${first}/decline`, { token: a.token })).status,
    ).toBe(403);
    expect(
      (
        await json<ConnectionStatus>(
          call(h, 'POST', `${API}/connection-requests/${first}/decline`, { token: b.token }),
          200,
        )
      ).status,
    ).toBe('none');
    await eventually(() => eventsFor('social-graph.connection.declined.v1', first)[0]);
    // A declined request cannot be accepted any more.
    const late = await call(h, 'POST', `${API}/connection-requests/${first}/accept`, { token: b.token });
    expect(late.status).toBe(409);

    const second = (await json<ConnectionStatus>(send(a, b), 201)).requestId!;
    expect(second).not.toBe(first);
    expect((await call(h, 'DELETE', `${API}/connection-requests/${second}`, { token: b.token })).status).toBe(
      403,
    );
    expect(
      (
        await json<ConnectionStatus>(
          call(h, 'DELETE', `${API}/connection-requests/${second}`, { token: a.token }),
          200,
        )
      ).status,
    ).toBe('none');
    await eventually(() => eventsFor('social-graph.connection.cancelled.v1', second)[0]);
    expect((await status(b, a)).status).toBe('none');
  });

  it('ends two requests sent at the same moment in one connection, never two pending ones', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await member(h);
      const b = await member(h);
      const [ra, rb] = await Promise.all([send(a, b), send(b, a)]);
      expect([ra.status, rb.status]).toEqual([201, 201]);
      const rows = await liveRows(a, b);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('accepted');
      expect((await status(a, b)).status).toBe('connected');
    }
  });

  it('shows mutual connections', async () => {
    const [a, b, c] = [await member(h), await member(h), await member(h)];
    for (const [x, y] of [
      [a, c],
      [b, c],
    ] as const) {
      const id = (await json<ConnectionStatus>(send(x, y), 201)).requestId!;
      await json(call(h, 'POST', `${API}/connection-requests/${id}/accept`, { token: y.token }), 200);
    }
    const mutual = await json<MutualConnections>(
      call(h, 'GET', `${API}/connections/${b.id}/mutual`, { token: a.token }),
      200,
    );
    expect(mutual.total).toBe(1);
    expect(mutual.people.map((p) => p.userId)).toEqual([c.id]);
  });

  it('pages the lists with a keyset cursor', async () => {
    const me = await member(h);
    const senders = [await member(h), await member(h), await member(h)];
    for (const s of senders) await json(send(s, me), 201);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const page: ConnectionList = await json<ConnectionList>(
        call(h, 'GET', `${API}/connection-requests/received${query}`, { token: me.token }),
        200,
      );
      seen.push(...page.items.map((i) => i.person.userId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(senders.map((s) => s.id).sort());
    const bad = await call(h, 'GET', `${API}/connection-requests/received?cursor=nonsense`, {
      token: me.token,
    });
    expect(bad.status).toBe(400);
  });

  it('flips email_sent when notifications-email reports the e-mail, once however often it is delivered', async () => {
    const a = await member(h);
    const b = await member(h);
    const requestId = (await json<ConnectionStatus>(send(a, b), 201)).requestId!;
    const row = () =>
      h.service.context.db
        .selectFrom('connection_requests')
        .select('email_sent')
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow();
    expect((await row()).email_sent).toBe(false);
    const event = eventEnvelope(ConnectionRequestEmailSent, {
      requestId,
      receiverId: b.id,
      sentAt: new Date().toISOString(),
    });
    await h.infra.bus.publish(event);
    await h.infra.bus.publish(event);
    await eventually(async () => ((await row()).email_sent ? true : undefined));
  });
});

describe('who may act', () => {
  it('refuses members who have not finished onboarding (the /connections guard)', async () => {
    const newcomer = await member(h, { onboarded: false });
    const b = await member(h);
    const response = await send(newcomer, b);
    expect(response.status).toBe(403);
    // And nobody can ask them either: they are not listed and not found.
    expect((await send(b, newcomer)).status).toBe(404);
  });

  it('refuses to send or accept without an active membership, but lets the member decline and block', async () => {
    const unpaid = await member(h, { membership: false });
    const b = await member(h);
    const refused = await send(unpaid, b);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(
      'An active membership is needed to connect with members.',
    );
    expect(await json(call(h, 'GET', `${API}/me/access`, { token: unpaid.token }), 200)).toEqual({
      onboarded: true,
      membershipActive: false,
      canConnect: false,
    });
    const requestId = (await json<ConnectionStatus>(send(b, unpaid), 201)).requestId!;
    expect(
      (await call(h, 'POST', `${API}/connection-requests/${requestId}/accept`, { token: unpaid.token }))
        .status,
    ).toBe(403);
    expect(
      (await call(h, 'POST', `${API}/connection-requests/${requestId}/decline`, { token: unpaid.token }))
        .status,
    ).toBe(200);
    expect(
      (await call(h, 'POST', `${API}/blocks`, { token: unpaid.token, body: { userId: b.id } })).status,
    ).toBe(204);
    expect(await json(call(h, 'GET', `${API}/me/access`, { token: b.token }), 200)).toEqual({
      onboarded: true,
      membershipActive: true,
      canConnect: true,
    });
  });

  it("answers another member's request id with 404 and refuses requests to oneself", async () => {
    const [a, b, stranger] = [await member(h), await member(h), await member(h)];
    const requestId = (await json<ConnectionStatus>(send(a, b), 201)).requestId!;
    for (const path of [`${requestId}/accept`, `${requestId}/decline`]) {
      const r = await call(h, 'POST', `${API}/connection-requests/${path}`, { token: stranger.token });
      expect(r.status).toBe(404);
    }
    expect(
      (await call(h, 'DELETE', `${API}/connection-requests/${requestId}`, { token: stranger.token })).status,
    ).toBe(404);
    const self = await send(a, a);
    expect(self.status).toBe(400);
    expect(((await self.json()) as ErrorBody).error.code).toBe('invalid_data');
  });

  it('refuses a caller without a valid token', async () => {
    const r = await call(h, 'GET', `${API}/connections`);
    expect(r.status).toBe(401);
  });
});

describe('Download my data', () => {
  it("exports the member's requests, blocks, mutes, reports and dismissals, and nobody else's", async () => {
    const [a, b, c] = [await member(h), await member(h), await member(h)];
    await json(send(a, b), 201);
    await call(h, 'POST', `${API}/blocks`, { token: a.token, body: { userId: c.id } });
    await call(h, 'POST', `${API}/mutes`, { token: c.token, body: { userId: a.id } });
    const part = await json<{ service: string; data: Record<string, unknown[]> }>(
      call(h, 'GET', `${API}/me/export`, { token: a.token }),
      200,
    );
    expect(part.service).toBe('social-graph');
    expect(part.data.connectionRequests).toHaveLength(1);
    expect(part.data.blocked).toEqual([{ userId: c.id, at: expect.any(String) }]);
    // c's mute of a is c's data.
    expect(part.data.muted).toEqual([]);
  });
});
