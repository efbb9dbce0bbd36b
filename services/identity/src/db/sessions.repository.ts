import type { IdentityDb, RefreshFamily } from './tables.ts';

export type RevokeReason =
  | 'logout'
  | 'refresh_token_reuse'
  | 'password_reset'
  | 'password_change'
  | 'admin_revoke_all'
  | 'account_deleted'
  | 'admin_suspended'
  | 'admin_revoked';

export async function createFamily(
  db: IdentityDb,
  family: { id: string; userId: string; rememberMe: boolean; expiresAt: Date },
): Promise<RefreshFamily> {
  return db
    .insertInto('refresh_families')
    .values({
      id: family.id,
      user_id: family.userId,
      remember_me: family.rememberMe,
      expires_at: family.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function addRefreshToken(db: IdentityDb, familyId: string, tokenHash: string): Promise<void> {
  await db.insertInto('refresh_tokens').values({ token_hash: tokenHash, family_id: familyId }).execute();
}

export interface StoredRefreshToken {
  tokenHash: string;
  rotatedAt: Date | null;
  family: RefreshFamily;
}

export async function findRefreshToken(
  db: IdentityDb,
  tokenHash: string,
): Promise<StoredRefreshToken | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .innerJoin('refresh_families', 'refresh_families.id', 'refresh_tokens.family_id')
    .select([
      'refresh_tokens.token_hash as token_hash',
      'refresh_tokens.rotated_at as rotated_at',
      'refresh_families.id as id',
      'refresh_families.user_id as user_id',
      'refresh_families.remember_me as remember_me',
      'refresh_families.created_at as created_at',
      'refresh_families.expires_at as expires_at',
      'refresh_families.revoked_at as revoked_at',
      'refresh_families.revoked_reason as revoked_reason',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { token_hash, rotated_at, ...family } = row;
  return { tokenHash: token_hash, rotatedAt: rotated_at, family };
}

/**
 * Marks a token as used up by a rotation, only if nobody did so first. False means the token had
 * already been rotated: someone is replaying it.
 */
export async function markRotated(db: IdentityDb, tokenHash: string): Promise<boolean> {
  const rows = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('rotated_at', 'is', null)
    .returning('token_hash')
    .execute();
  return rows.length > 0;
}

export async function revokeFamily(db: IdentityDb, familyId: string, reason: RevokeReason): Promise<boolean> {
  const rows = await db
    .updateTable('refresh_families')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Revokes the user's live sessions, except one (the session that asked). Returns how many. */
export async function revokeFamiliesOfUser(
  db: IdentityDb,
  userId: string,
  reason: RevokeReason,
  exceptFamilyId?: string,
): Promise<number> {
  let query = db
    .updateTable('refresh_families')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptFamilyId) query = query.where('id', '<>', exceptFamilyId);
  const rows = await query.returning('id').execute();
  return rows.length;
}

export async function revokeAllFamilies(db: IdentityDb, reason: RevokeReason): Promise<number> {
  const rows = await db
    .updateTable('refresh_families')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('id')
    .execute();
  return rows.length;
}

/** Forgets sessions that ended over a day ago (expired or revoked); their tokens go with them. */
export async function deleteEndedFamilies(db: IdentityDb, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const rows = await db
    .deleteFrom('refresh_families')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .returning('id')
    .execute();
  return rows.length;
}
