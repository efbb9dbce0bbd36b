import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserRegistered } from '@mer/contracts';
import { migrate, readMigrations, sql } from '@mer/service-runtime';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import { PUBLIC_URL, identityEvent, queueRows, startEmailService, type EmailService } from './harness.ts';

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

let infra: TestInfra;
let service: EmailService | undefined;

beforeAll(async () => {
  infra = await createTestInfra();
});

afterAll(async () => {
  await service?.stop();
  await infra?.close();
});

function registered(userId: string) {
  return identityEvent(UserRegistered, {
    userId,
    email: `upgrade-${userId.slice(0, 8)}@example.com`,
    name: 'Ana Lua',
    username: `upgrade_${userId.slice(0, 8)}`,
    discountPercent: null,
    emailConfirmationUrl: `${PUBLIC_URL}/confirm-email?token=confirm-${userId}`,
    registeredAt: new Date().toISOString(),
  });
}

describe('notifications-email: upgrading to the runtime member tombstones', () => {
  it('keeps members deleted before the upgrade deleted: a late event about them queues nothing', async () => {
    // A database as the service left it before 0002: members erased in its own erased_members table.
    const schema = infra.schemaFor('notifications-email-upgrade');
    const database = infra.databases.forSchema(schema);
    const before = (await readMigrations(migrationsDir)).filter((m) => m.name < '0002');
    await migrate(database, before);
    const erased = randomUUID();
    await database.db.insertInto('erased_members').values({ user_id: erased }).execute();

    service = await startEmailService(infra, { schemaSuffix: '-upgrade' });
    const tombstone = await service.context.database.db
      .selectFrom('member_tombstones')
      .select('member_id')
      .where('member_id', '=', erased)
      .executeTakeFirst();
    expect(tombstone).toEqual({ member_id: erased });
    const oldTable = await sql<{
      name: string | null;
    }>`select to_regclass(${`${schema}.erased_members`})::text as name`.execute(service.context.database.db);
    expect(oldTable.rows[0]!.name).toBeNull();

    const late = registered(erased);
    await infra.bus.publish(late);
    const marker = registered(randomUUID());
    await infra.bus.publish(marker);
    await eventually(
      async () => (await queueRows(service!)).filter((r) => r.event_id === marker.id).length === 2,
    );
    await eventually(async () => {
      const handled = await service!.context.database.db
        .selectFrom('processed_events')
        .select('event_id')
        .where('event_id', '=', late.id)
        .executeTakeFirst();
      return handled !== undefined;
    });
    expect((await queueRows(service)).filter((r) => r.user_id === erased)).toEqual([]);
  });
});
