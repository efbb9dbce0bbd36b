import { setTimeout as delay } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import { defineEvent } from '@mer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineConsumerFor } from './bus/consumer.ts';
import { createTestInfra, eventEnvelope, eventually, type TestInfra } from './testing/index.ts';
import { defineService, startService, type RunningService, type ServiceContext } from './service.ts';

/**
 * The runtime's primitives every service relies on: deps reach routes, consumers and the start hook; work after
 * commit runs only after a commit; member erasure keeps a tombstone that drops late events about the member.
 */
const NoteWritten = defineEvent(
  'erasuretest.note.written.v1',
  'a note about a member',
  Type.Object({ userId: Type.String(), text: Type.String() }),
);
const MemberGone = defineEvent(
  'erasuretest.member.gone.v1',
  'a member left',
  Type.Object({ userId: Type.String() }),
);

interface Tables {
  notes: { user_id: string; text: string };
}
interface Deps {
  ctx: ServiceContext<unknown, Tables>;
  startedWith?: string;
}
const defineConsumer = defineConsumerFor<Deps, Tables>();

let infra: TestInfra;
let service: RunningService<unknown, Tables, Deps>;

beforeAll(async () => {
  infra = await createTestInfra();
  const definition = defineService({
    name: 'erasure-test',
    deps: (ctx: ServiceContext<any, Tables>): Deps => ({ ctx }),
    consumers: [
      defineConsumer({
        name: 'keep-note',
        event: NoteWritten,
        member: (event) => event.payload.userId,
        async handle(event, tx) {
          await tx.trx
            .insertInto('notes')
            .values({ user_id: event.payload.userId, text: event.payload.text })
            .execute();
        },
      }),
      defineConsumer({
        name: 'forget-member',
        event: MemberGone,
        member: (event) => event.payload.userId,
        erasesMember: true,
        async handle(event, tx) {
          await tx.trx.deleteFrom('notes').where('user_id', '=', event.payload.userId).execute();
        },
      }),
    ],
    routes() {},
    async start(deps) {
      deps.startedWith = 'deps';
    },
  });
  service = await startService(definition, {
    databases: infra.databases,
    bus: infra.bus,
    store: infra.store,
    logger: infra.logger,
    schema: infra.schemaFor('erasure-test'),
    env: { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' },
  });
  await service.context.database.exclusiveSession('erasure-test-table', (s) =>
    s.exec('create table if not exists notes (user_id text not null, text text not null)'),
  );
});

afterAll(async () => {
  await service?.stop();
  await infra?.close();
});

const notesOf = (userId: string) =>
  service.context.db.selectFrom('notes').select('text').where('user_id', '=', userId).execute();

describe('deps', () => {
  it('are built once and handed to the start hook (and routes and consumers)', () => {
    expect(service.deps.startedWith).toBe('deps');
    expect(service.deps.ctx).toBe(service.context);
  });
});

describe('work after commit', () => {
  it('runs after the transaction committed, and never when it rolled back', async () => {
    const seen: string[] = [];
    await service.context.transaction(async (tx) => {
      tx.afterCommit(async () => {
        // By now the change is visible outside the transaction.
        seen.push(`after:${(await notesOf('after-commit')).length}`);
      });
      await tx.trx.insertInto('notes').values({ user_id: 'after-commit', text: 'x' }).execute();
      seen.push('inside');
    });
    await eventually(() => seen.length === 2);
    expect(seen).toEqual(['inside', 'after:1']);

    let ran = false;
    await expect(
      service.context.transaction(async (tx) => {
        tx.afterCommit(() => void (ran = true));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await delay(100);
    expect(ran).toBe(false);
  });
});

describe('member erasure', () => {
  it('erases the member, keeps a tombstone and drops every later event about them', async () => {
    const userId = `member-${Date.now()}`;
    await infra.bus.publish(eventEnvelope(NoteWritten, { userId, text: 'before' }));
    await eventually(async () => (await notesOf(userId)).length === 1);
    await infra.bus.publish(eventEnvelope(MemberGone, { userId }));
    await eventually(async () => (await notesOf(userId)).length === 0);
    const tombstone = await service.context.database.db
      .selectFrom('member_tombstones')
      .select('member_id')
      .where('member_id', '=', userId)
      .executeTakeFirst();
    expect(tombstone).toEqual({ member_id: userId });

    // A late event (another subject, not ordered with the deletion) must not bring the member back.
    await infra.bus.publish(eventEnvelope(NoteWritten, { userId, text: 'late' }));
    const other = `other-${Date.now()}`;
    await infra.bus.publish(eventEnvelope(NoteWritten, { userId: other, text: 'fine' }));
    await eventually(async () => (await notesOf(other)).length === 1);
    await delay(200);
    expect(await notesOf(userId)).toEqual([]);
  });

  it('lets a transaction ask whether a member was erased, under their lock', async () => {
    const userId = `asked-${Date.now()}`;
    await infra.bus.publish(eventEnvelope(MemberGone, { userId }));
    await eventually(() =>
      service.context.transaction(async (tx) => {
        await tx.members.lock(userId);
        return tx.members.isErased(userId);
      }),
    );
  });
});
