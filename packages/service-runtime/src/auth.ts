import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type AccessTokenClaims } from '@mer/contracts';
import { authenticationError } from './errors.ts';

export interface TokenVerifier {
  /** Resolves to the token's claims, or throws an Authentication Error. */
  verify(token: string): Promise<AccessTokenClaims>;
}

/**
 * Verifies EdDSA access tokens against identity's published key set. Verified tokens are
 * remembered until they expire (they cannot change), which keeps signature checks off the hot path.
 */
export function createTokenVerifier(
  source: { jwksUrl: string } | { jwks: JSONWebKeySet } | { getKey: JWTVerifyGetKey },
): TokenVerifier {
  const getKey: JWTVerifyGetKey =
    'getKey' in source
      ? source.getKey
      : 'jwks' in source
        ? createLocalJWKSet(source.jwks)
        : createRemoteJWKSet(new URL(source.jwksUrl), { cooldownDuration: 5_000, cacheMaxAge: 10 * 60_000 });
  const cache = new Map<string, AccessTokenClaims>();
  const MAX_CACHED = 10_000;

  return {
    async verify(token) {
      const now = Math.floor(Date.now() / 1000);
      const cached = cache.get(token);
      if (cached) {
        if (cached.exp > now) return cached;
        cache.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, getKey, {
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          algorithms: ['EdDSA'],
        });
        const claims = payload as unknown as AccessTokenClaims;
        if (typeof claims.sub !== 'string' || !Array.isArray(claims.perms) || !Array.isArray(claims.roles)) {
          throw new Error('malformed claims');
        }
        if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
        cache.set(token, claims);
        return claims;
      } catch {
        throw authenticationError();
      }
    },
  };
}

/** The bearer token of an Authorization header, if well-formed. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer ([A-Za-z0-9\-_.]+)$/.exec(header);
  return match?.[1];
}
