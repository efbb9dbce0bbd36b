import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens for links inside e-mails that work without logging in: the unsubscribe page, the open pixel and the
 * click redirect. The payload is readable JSON (base64url) and signed with the service's secret (HMAC-SHA256),
 * so nobody can unsubscribe someone else or make MER redirect to another site.
 */
export type LinkPayload =
  { p: 'unsubscribe'; u: string } | { p: 'open'; l: string } | { p: 'click'; l: string; to: string };

export function signLink(secret: string, payload: LinkPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

export function verifyLink<P extends LinkPayload['p']>(
  secret: string,
  token: string,
  purpose: P,
): Extract<LinkPayload, { p: P }> | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkPayload;
    return payload.p === purpose ? (payload as Extract<LinkPayload, { p: P }>) : null;
  } catch {
    return null;
  }
}

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

/**
 * The path a click may lead to: only a path on MER's own site (a URL on the site's own origin is reduced to its
 * path). Anything else (another host, a protocol-relative //host, javascript:) is refused.
 */
export function ownSitePath(target: string, siteOrigin: string): string | null {
  try {
    const site = new URL(siteOrigin);
    const url = new URL(target, site);
    if (url.origin !== site.origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
