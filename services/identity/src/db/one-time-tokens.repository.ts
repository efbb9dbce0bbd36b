import type { IdentityDb } from './tables.ts';

export async function addEmailConfirmationToken(
  db: IdentityDb,
  token: { hash: string; userId: string; email: string; purpose: 'signup' | 'change'; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('email_confirmation_tokens')
    .values({
      token_hash: token.hash,
      user_id: token.userId,
      email: token.email,
      purpose: token.purpose,
      expires_at: token.expiresAt,
    })
    .execute();
}

/**
 * Uses an e-mail confirmation token if it is unused and unexpired, in one statement so that two
 * clicks on the same link cannot both succeed.
 */
export async function useEmailConfirmationToken(
  db: IdentityDb,
  hash: string,
): Promise<{ userId: string; email: string; purpose: 'signup' | 'change' } | undefined> {
  const row = await db
    .updateTable('email_confirmation_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'email', 'purpose'])
    .executeTakeFirst();
  return row && { userId: row.user_id, email: row.email, purpose: row.purpose };
}

/** A newer e-mail change request replaces older pending ones. */
export async function cancelPendingEmailChanges(db: IdentityDb, userId: string): Promise<void> {
  await db
    .updateTable('email_confirmation_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'change')
    .where('used_at', 'is', null)
    .execute();
}

export async function addPasswordResetToken(
  db: IdentityDb,
  token: { hash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: token.hash, user_id: token.userId, expires_at: token.expiresAt })
    .execute();
}

export async function isPasswordResetTokenUsable(db: IdentityDb, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('token_hash')
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

/** Uses a reset token if it is unused and unexpired (one statement: a link works exactly once). */
export async function usePasswordResetToken(
  db: IdentityDb,
  hash: string,
): Promise<{ userId: string } | undefined> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return row && { userId: row.user_id };
}

/** After a reset, the other links sent to the account stop working too. */
export async function cancelPasswordResetTokens(db: IdentityDb, userId: string): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Forgets one-time tokens that expired over a day ago. */
export async function deleteExpiredOneTimeTokens(db: IdentityDb, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.deleteFrom('email_confirmation_tokens').where('expires_at', '<', cutoff).execute();
  await db.deleteFrom('password_reset_tokens').where('expires_at', '<', cutoff).execute();
}
