import type { IdentityDb } from './tables.ts';

export interface StoredSigningKey {
  kid: string;
  publicJwk: Record<string, unknown>;
  privateJwk: Record<string, unknown>;
  active: boolean;
  createdAt: Date;
}

function toKey(row: {
  kid: string;
  public_jwk: Record<string, unknown>;
  private_jwk: Record<string, unknown>;
  active: boolean;
  created_at: Date;
}): StoredSigningKey {
  return {
    kid: row.kid,
    publicJwk: row.public_jwk,
    privateJwk: row.private_jwk,
    active: row.active,
    createdAt: row.created_at,
  };
}

/** The key that signs new tokens: the newest active one. */
export async function findActiveSigningKey(db: IdentityDb): Promise<StoredSigningKey | undefined> {
  const row = await db
    .selectFrom('signing_keys')
    .selectAll()
    .where('active', '=', true)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toKey(row);
}

/**
 * Inserts a new active key unless one is already active (the partial unique index decides when
 * replicas race). Returns whether this key was stored.
 */
export async function insertSigningKeyIfNoneActive(
  db: IdentityDb,
  key: { kid: string; publicJwk: Record<string, unknown>; privateJwk: Record<string, unknown> },
): Promise<boolean> {
  const row = await db
    .insertInto('signing_keys')
    .values({
      kid: key.kid,
      public_jwk: JSON.stringify(key.publicJwk),
      private_jwk: JSON.stringify(key.privateJwk),
      active: true,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('kid')
    .executeTakeFirst();
  return row !== undefined;
}

/** Every stored key: all of them still verify tokens (retired keys stay until their tokens expired). */
export async function listSigningKeys(db: IdentityDb): Promise<StoredSigningKey[]> {
  const rows = await db.selectFrom('signing_keys').selectAll().orderBy('created_at', 'desc').execute();
  return rows.map(toKey);
}
