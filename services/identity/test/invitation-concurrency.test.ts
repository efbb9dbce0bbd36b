import { createTestInfra, type TestInfra } from '@mer/service-runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation } from '../src/index.ts';
import { Client, PublishedEvents, signupBody, startIdentity, type IdentityUnderTest } from './support.ts';

/**
 * A code with N uses admits exactly N people, however many sign up at the same moment: the use is
 * counted by one conditional UPDATE in the sign-up transaction, not by a read followed by a write.
 */
describe('invitation codes under concurrent sign-ups', () => {
  let infra: TestInfra;
  let identity: IdentityUnderTest;
  let events: PublishedEvents;

  beforeAll(async () => {
    infra = await createTestInfra();
    events = await PublishedEvents.listen(infra, 'identity.user.registered.v1');
    identity = await startIdentity(infra);
  });
  afterAll(async () => {
    await events?.stop();
    await identity?.stop();
    await infra?.close();
  });

  it('admits exactly max_uses of many simultaneous sign-ups', async () => {
    const invitation = await createInvitation(identity.running.context, {
      source: 'operator',
      maxUses: 3,
      discountPercent: 50,
    });
    const attempts = 12;
    const replies = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        new Client(identity.url, `192.0.2.${i + 1}`).post(
          '/api/v1/identity/signup',
          signupBody({ invitationCode: invitation.code }),
        ),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    for (const refused of replies.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(400);
      expect(refused.body.error.title).toBe('Invalid invitation code');
    }

    const row = await identity.db
      .selectFrom('invitation_codes')
      .selectAll()
      .where('code', '=', invitation.code)
      .executeTakeFirstOrThrow();
    expect(row.uses_count).toBe(3);
    const accounts = await identity.db
      .selectFrom('accounts')
      .select('id')
      .where('invitation_code', '=', invitation.code)
      .execute();
    expect(accounts).toHaveLength(3);
    // Refused sign-ups left nothing behind: no account, no event.
    await new Promise((r) => setTimeout(r, 300));
    const registered = events.of('identity.user.registered.v1', (p) => p.discountPercent === 50);
    expect(registered.map((e) => e.payload.userId).sort()).toEqual(accounts.map((a) => a.id).sort());
  });

  it('gives a use back when the account cannot be created (same username at the same time)', async () => {
    const invitation = await createInvitation(identity.running.context, { source: 'operator', maxUses: 10 });
    const replies = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        new Client(identity.url, `192.0.2.${50 + i}`).post(
          '/api/v1/identity/signup',
          signupBody({
            invitationCode: invitation.code,
            username: 'same-name',
            email: `same.${i}@example.org`,
          }),
        ),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of replies.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe('This username is already taken');
    }
    const row = await identity.db
      .selectFrom('invitation_codes')
      .select('uses_count')
      .where('code', '=', invitation.code)
      .executeTakeFirstOrThrow();
    expect(row.uses_count).toBe(1);
  });

  it('refuses an expired code', async () => {
    const invitation = await createInvitation(identity.running.context, { source: 'operator', maxUses: 5 });
    await identity.db
      .updateTable('invitation_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code', '=', invitation.code)
      .execute();
    const client = new Client(identity.url);
    expect(
      (await client.post('/api/v1/identity/invitations/validate', { code: invitation.code })).body.valid,
    ).toBe(false);
    const reply = await client.post(
      '/api/v1/identity/signup',
      signupBody({ invitationCode: invitation.code }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error.title).toBe('Invalid invitation code');
  });
});
