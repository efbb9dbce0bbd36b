import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MembershipActivated, UserRegistered } from '@mer/contracts';
import { migrate, readMigrations } from '@mer/service-runtime';
import { createTestInfra, eventually, type TestInfra } from '@mer/service-runtime/testing';
import {
  busEvent,
  createTokenIssuer,
  identityEvent,
  startProfileService,
  type ProfileService,
} from './harness.ts';

/*
 * Migration 0007: members erased before erasure moved to the runtime (their ids in erased_members) stay erased:
 * their tombstones move to the runtime's member_tombstones, so a late event about them still changes nothing.
 */

const migrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));

let infra: TestInfra;
let service: ProfileService;
const erasedBefore = randomUUID();
const erasedAt = new Date('2026-01-02T03:04:05Z');

beforeAll(async () => {
  infra = await createTestInfra();
  // The schema as a deployment left it before 0007, with a member erased then.
  const database = infra.databases.forSchema(infra.schemaFor('profile-onboarding'));
  const before = (await readMigrations(migrationsDir)).filter((m) => m.name < '0007');
  await migrate(database, before);
  await database.db
    .insertInto('erased_members')
    .values({ user_id: erasedBefore, erased_at: erasedAt })
    .execute();
  await database.close();

  const tokens = await createTokenIssuer();
  service = await startProfileService(infra, { verifier: tokens.verifier });
});

afterAll(async () => {
  await service?.stop();
  await infra?.close();
});

function registered(userId: string) {
  const short = userId.slice(0, 8);
  return identityEvent(UserRegistered, {
    userId,
    name: 'Ana Lua',
    username: `member_${short}`,
    email: `member-${short}@example.com`,
    discountPercent: null,
    emailConfirmationUrl: `https://mer.test/confirm-email?token=t-${userId}`,
    registeredAt: new Date().toISOString(),
  });
}

const handled = (eventId: string) =>
  eventually(() =>
    service.context.database.db
      .selectFrom('processed_events')
      .select('event_id')
      .where('event_id', '=', eventId)
      .executeTakeFirst(),
  );

describe('migration 0007_member_tombstones', () => {
  it("moves erased_members' tombstones to member_tombstones, with their time, and drops erased_members", async () => {
    const tombstone = await service.context.database.db
      .selectFrom('member_tombstones')
      .selectAll()
      .where('member_id', '=', erasedBefore)
      .executeTakeFirst();
    expect(tombstone?.erased_at).toEqual(erasedAt);
    const left = await service.context.database.db
      .selectFrom('information_schema.tables')
      .select('table_name')
      .where('table_schema', '=', infra.schemaFor('profile-onboarding'))
      .where('table_name', '=', 'erased_members')
      .execute();
    expect(left).toEqual([]);
  });

  it('a late sign-up or membership of a member erased before the migration brings nothing back', async () => {
    const signUp = registered(erasedBefore);
    const membership = busEvent(MembershipActivated, {
      membershipId: randomUUID(),
      planId: randomUUID(),
      userId: erasedBefore,
      planName: 'InnerCircle Membership',
      innerCircle: true,
      status: 'active',
      expiresAt: null,
      cancelAtPeriodEnd: false,
    });
    await infra.bus.publish(signUp);
    await infra.bus.publish(membership);
    await handled(signUp.id);
    await handled(membership.id);
    const profiles = await service.context.db
      .selectFrom('profiles')
      .select('user_id')
      .where('user_id', '=', erasedBefore)
      .execute();
    expect(profiles).toEqual([]);
    const memberships = await service.context.db
      .selectFrom('member_memberships')
      .select('user_id')
      .where('user_id', '=', erasedBefore)
      .execute();
    expect(memberships).toEqual([]);

    // Anyone else signs up as usual.
    const someone = randomUUID();
    const other = registered(someone);
    await infra.bus.publish(other);
    await handled(other.id);
    const created = await service.context.db
      .selectFrom('profiles')
      .select('user_id')
      .where('user_id', '=', someone)
      .execute();
    expect(created).toHaveLength(1);
  });
});
