import type { Kysely } from 'kysely';
import type { NotificationsEmailTables } from './tables.ts';

type Db = Kysely<NotificationsEmailTables>;

/** The stored key of that name; the first caller's value wins when several replicas start at once. */
export async function keepKey(db: Db, name: string, create: () => string): Promise<string> {
  await db
    .insertInto('service_keys')
    .values({ name, value: create() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('service_keys')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
