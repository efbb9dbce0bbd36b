import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { IdentityDb, WaitingListRegistration } from './tables.ts';

/** Adds a registration unless the e-mail is already on the list. Returns whether a row was added. */
export async function addToWaitingList(
  db: IdentityDb,
  entry: { email: string; name: string; metadata: Record<string, unknown> },
): Promise<boolean> {
  const row = await db
    .insertInto('waiting_list_registrations')
    .values({
      id: randomUUID(),
      email: entry.email,
      name: entry.name,
      metadata: JSON.stringify(entry.metadata),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function removeFromWaitingList(db: IdentityDb, email: string): Promise<void> {
  await db.deleteFrom('waiting_list_registrations').where('email', '=', email).execute();
}

/** The waiting list for admins: pending first, then oldest first. */
export async function listWaitingList(
  db: IdentityDb,
  page: { limit: number; offset: number },
): Promise<{ rows: WaitingListRegistration[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('waiting_list_registrations')
      .selectAll()
      .orderBy(sql`status = 'pending'`, 'desc')
      .orderBy('created_at')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('waiting_list_registrations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findWaitingListEntry(
  db: IdentityDb,
  id: string,
): Promise<WaitingListRegistration | undefined> {
  return db.selectFrom('waiting_list_registrations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markInvited(db: IdentityDb, id: string): Promise<WaitingListRegistration> {
  return db
    .updateTable('waiting_list_registrations')
    .set({ status: 'invited' })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
