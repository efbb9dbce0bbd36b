import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityConfig } from '../config.ts';
import type { IssuedSession } from '../use-cases/sessions.ts';

export const REFRESH_COOKIE = 'mer_refresh';
/** Sent only to the session routes (refresh, sign out), never with other requests. */
export const REFRESH_COOKIE_PATH = '/api/v1/identity/sessions';

function cookieOptions(config: Pick<IdentityConfig, 'COOKIE_SECURE'>) {
  return {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    secure: config.COOKIE_SECURE,
    sameSite: 'strict' as const,
  };
}

/** Sets the refresh cookie: 30 days with "remember me", otherwise until the browser closes. */
export function setRefreshCookie(
  reply: FastifyReply,
  config: Pick<IdentityConfig, 'COOKIE_SECURE'>,
  refresh: IssuedSession['refresh'],
): void {
  reply.setCookie(REFRESH_COOKIE, refresh.token, {
    ...cookieOptions(config),
    ...(refresh.maxAgeSeconds !== undefined ? { maxAge: refresh.maxAgeSeconds } : {}),
  });
  reply.header('cache-control', 'no-store');
}

export function clearRefreshCookie(reply: FastifyReply, config: Pick<IdentityConfig, 'COOKIE_SECURE'>): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[REFRESH_COOKIE];
  return typeof value === 'string' ? value : undefined;
}
