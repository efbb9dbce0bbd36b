/**
 * The security headers of every gateway response. They are computed once at start and copied onto
 * each response: on the proxy path they go straight into `writeHead`, so a request costs a few
 * array pushes instead of a middleware chain (the reason @fastify/helmet is not on the hot path).
 */

export type CspDirectives = Record<string, string>;

/**
 * Same-origin only. `connect-src` names the public WebSocket origin explicitly besides 'self'
 * because older Safari versions do not count ws(s): as 'self'.
 */
export function defaultCsp(publicUrl: string): CspDirectives {
  const site = new URL(publicUrl);
  const wsOrigin = `${site.protocol === 'https:' ? 'wss' : 'ws'}://${site.host}`;
  return {
    'default-src': "'self'",
    'script-src': "'self'",
    'script-src-attr': "'none'",
    'style-src': "'self'",
    'img-src': "'self' data: blob:",
    'font-src': "'self' data:",
    'connect-src': `'self' ${wsOrigin}`,
    'manifest-src': "'self'",
    'worker-src': "'self'",
    'media-src': "'self' blob:",
    'frame-ancestors': "'none'",
    'form-action': "'self'",
    'object-src': "'none'",
    'base-uri': "'self'",
  };
}

export function renderCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaders {
  /** Lower-case name/value pairs, in the flat form `writeHead` takes: [name, value, name, value, ...]. */
  flat: string[];
  /** The same as an object. */
  object: Record<string, string>;
}

function headerSet(object: Record<string, string>): SecurityHeaders {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(object)) flat.push(name, value);
  return { flat, object };
}

/** For documents (HTML, scripts, styles, everything a browser renders or runs). */
export function buildSecurityHeaders(csp: CspDirectives): SecurityHeaders {
  return headerSet({
    'content-security-policy': renderCsp(csp),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  });
}

/**
 * For API data (JSON and the like): nothing in it may load or run anything, and no page may frame
 * it (the OWASP REST set). Stricter than the document policy and a fifth of its size, which counts
 * on every API answer a phone receives.
 */
export const API_SECURITY_HEADERS: SecurityHeaders = headerSet({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
});

/** Headers a proxy must not pass on (RFC 9110 section 7.6.1), plus those the gateway sets itself. */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
]);
