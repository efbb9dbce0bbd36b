import { randomUUID } from 'node:crypto';
import type { Me, Session } from '@mer/contracts';
import { isActiveAdminUser, rolesAndPermissionsOf } from '../db/roles.repository.ts';
import { addRefreshToken, createFamily } from '../db/sessions.repository.ts';
import type { Account, IdentityDb, RefreshFamily } from '../db/tables.ts';
import { sessionLifetimeMs } from '../domain/lifetimes.ts';
import { newOpaqueToken } from '../adapters/opaque-tokens.ts';
import type { IdentityDeps, IdentityTx } from '../deps.ts';

/** A session handed to a client: the body, and the refresh token that goes into the cookie. */
export interface IssuedSession {
  session: Session;
  refresh: {
    token: string;
    /** Cookie lifetime for "remember me" sessions; absent means a browser-session cookie. */
    maxAgeSeconds?: number;
  };
}

export async function describeAccount(db: IdentityDb, account: Account): Promise<Me> {
  const { roles, permissions } = await rolesAndPermissionsOf(db, account.id);
  return {
    id: account.id,
    email: account.email,
    emailConfirmed: account.email_confirmed_at !== null,
    name: account.name,
    username: account.username,
    roles,
    permissions,
    isAdmin: await isActiveAdminUser(db, account.id),
    createdAt: account.created_at.toISOString(),
  };
}

/** Starts a new session (refresh-token family) for an account that just proved who it is. */
export async function openSession(
  deps: Pick<IdentityDeps, 'tokens'>,
  tx: IdentityTx,
  account: Account,
  rememberMe: boolean,
): Promise<IssuedSession> {
  const family = await createFamily(tx.trx, {
    id: randomUUID(),
    userId: account.id,
    rememberMe,
    expiresAt: new Date(Date.now() + sessionLifetimeMs(rememberMe)),
  });
  return continueSession(deps, tx, account, family);
}

/** Adds a fresh refresh token to a family and signs an access token for it. */
export async function continueSession(
  deps: Pick<IdentityDeps, 'tokens'>,
  tx: IdentityTx,
  account: Account,
  family: RefreshFamily,
): Promise<IssuedSession> {
  const refresh = newOpaqueToken();
  await addRefreshToken(tx.trx, family.id, refresh.hash);
  const user = await describeAccount(tx.trx, account);
  const access = await deps.tokens.sign({
    userId: account.id,
    sessionId: family.id,
    roles: user.roles,
    permissions: user.permissions,
  });
  const remainingSeconds = Math.max(0, Math.round((family.expires_at.getTime() - Date.now()) / 1000));
  return {
    session: {
      accessToken: access.token,
      tokenType: 'Bearer',
      expiresIn: access.expiresIn,
      expiresAt: access.expiresAt.toISOString(),
      user,
    },
    refresh: { token: refresh.token, ...(family.remember_me ? { maxAgeSeconds: remainingSeconds } : {}) },
  };
}
