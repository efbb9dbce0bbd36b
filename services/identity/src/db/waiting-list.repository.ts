import { randomUUID } from 'node:crypto';
import type { IdentityDb } from './tables.ts';

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
