import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { SignJWT, type JSONWebKeySet, type JWK, type JWTVerifyGetKey } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@mer/contracts';
import {
  findActiveSigningKey,
  insertSigningKeyIfNoneActive,
  listSigningKeys,
  type StoredSigningKey,
} from '../db/signing-keys.repository.ts';
import type { IdentityDb } from '../db/tables.ts';

export interface AccessTokenSubject {
  userId: string;
  sessionId: string;
  roles: string[];
  permissions: string[];
}

export interface IssuedAccessToken {
  token: string;
  expiresIn: number;
  expiresAt: Date;
}

const RELOAD_COOLDOWN_MS = 5_000;

/**
 * Signs MER access tokens (EdDSA/Ed25519 JWTs, the claims of AccessTokenClaims) and publishes
 * the public keys. The key pair is created on first start and kept in identity's schema, so
 * every replica signs with the same key and the gateway verifies with the published set.
 */
export class AccessTokens {
  private verifyKeys = new Map<string, KeyObject>();
  private publicJwks: JWK[] = [];
  private lastReload = 0;

  private constructor(
    private readonly db: IdentityDb,
    private readonly signingKid: string,
    private readonly signingKey: KeyObject,
    private readonly ttlSeconds: number,
  ) {}

  /** Loads the active key, creating it if there is none yet. */
  static async open(db: IdentityDb, ttlSeconds: number): Promise<AccessTokens> {
    let active = await findActiveSigningKey(db);
    if (!active) {
      const { publicKey, privateKey } = generateKeyPairSync('ed25519');
      await insertSigningKeyIfNoneActive(db, {
        kid: randomUUID(),
        publicJwk: publicKey.export({ format: 'jwk' }) as Record<string, unknown>,
        privateJwk: privateKey.export({ format: 'jwk' }) as Record<string, unknown>,
      });
      // Whether ours or a replica's won the race, the active key is the one to sign with.
      active = await findActiveSigningKey(db);
      if (!active) throw new Error('No active signing key after creating one');
    }
    const tokens = new AccessTokens(
      db,
      active.kid,
      createPrivateKey({ key: active.privateJwk as JsonWebKey, format: 'jwk' }),
      ttlSeconds,
    );
    await tokens.reloadPublicKeys();
    return tokens;
  }

  get kid(): string {
    return this.signingKid;
  }

  async sign(subject: AccessTokenSubject, now = new Date()): Promise<IssuedAccessToken> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAtSeconds = issuedAt + this.ttlSeconds;
    const token = await new SignJWT({
      sid: subject.sessionId,
      roles: subject.roles,
      perms: subject.permissions,
      iat_ms: now.getTime(),
    })
      .setProtectedHeader({ alg: 'EdDSA', kid: this.signingKid, typ: 'JWT' })
      .setSubject(subject.userId)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAtSeconds)
      .sign(this.signingKey);
    return { token, expiresIn: this.ttlSeconds, expiresAt: new Date(expiresAtSeconds * 1000) };
  }

  /** The published key set (the jwks route). */
  jwks(): JSONWebKeySet {
    return { keys: this.publicJwks };
  }

  /** Key lookup for identity's own token verifier; an unknown kid reloads the stored keys (rate-limited). */
  readonly getKey: JWTVerifyGetKey = async (header) => {
    const kid = header.kid;
    if (typeof kid !== 'string') throw new Error('token has no kid');
    let key = this.verifyKeys.get(kid);
    if (!key && Date.now() - this.lastReload > RELOAD_COOLDOWN_MS) {
      await this.reloadPublicKeys();
      key = this.verifyKeys.get(kid);
    }
    if (!key) throw new Error('unknown signing key');
    return key;
  };

  private async reloadPublicKeys(): Promise<void> {
    this.lastReload = Date.now();
    const stored = await listSigningKeys(this.db);
    this.verifyKeys = new Map(
      stored.map((k) => [k.kid, createPublicKey({ key: k.publicJwk as JsonWebKey, format: 'jwk' })]),
    );
    this.publicJwks = stored.map(publicJwk);
  }
}

function publicJwk(key: StoredSigningKey): JWK {
  const { kty, crv, x } = key.publicJwk as { kty: string; crv: string; x: string };
  return { kty, crv, x, kid: key.kid, alg: 'EdDSA', use: 'sig' };
}
