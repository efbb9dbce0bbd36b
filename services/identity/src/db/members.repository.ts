import { sql } from 'kysely';
import type { Account, IdentityDb } from './tables.ts';

/** The Admin Panel's member queries and account flags: the only SQL about them. */

export async function searchMembers(
  db: IdentityDb,
  query: {
    q?: string | undefined;
    role?: string | undefined;
    status?: 'active' | 'suspended' | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: Account[]; total: number }> {
  let base = db.selectFrom('accounts');
  const q = query.q?.trim().toLowerCase();
  if (q) {
    // ILIKE with the wildcards of the member's text escaped: they search for the letters, not a pattern.
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('email', 'like', pattern),
        eb('username', 'like', pattern),
        eb(sql`lower(name)`, 'like', pattern),
      ]),
    );
  }
  if (query.role) {
    const role = query.role;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles')
          .select('user_roles.user_id')
          .whereRef('user_roles.user_id', '=', 'accounts.id')
          .where('user_roles.role', '=', role),
      ),
    );
  }
  if (query.status === 'suspended') base = base.where('suspended_at', 'is not', null);
  if (query.status === 'active') base = base.where('suspended_at', 'is', null);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Roles of many members at once (one query for a page of the list). */
export async function rolesOfMembers(db: IdentityDb, userIds: string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role'])
    .where('user_id', 'in', userIds)
    .orderBy('role')
    .execute();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.role]);
  return byUser;
}

export async function activeAdminsAmong(db: IdentityDb, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('admin_users')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('is_active', '=', true)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

export async function countLiveSessions(db: IdentityDb, userId: string): Promise<number> {
  const row = await db
    .selectFrom('refresh_families')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setSuspendedAt(db: IdentityDb, userId: string, at: Date | null): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ suspended_at: at, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function setFacilitatorFlag(
  db: IdentityDb,
  userId: string,
  facilitator: boolean,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ is_facilitator: facilitator, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}
