import { runtimeConfig } from './runtime-config.ts';

export function hostMatches(host: string, pattern: string): boolean {
  const h = host.toLowerCase();
  const p = pattern.toLowerCase();
  return p.startsWith('*.') ? h.endsWith(p.slice(1)) && h.length > p.length - 1 : h === p;
}

/** The production URL for a preview-host URL, keeping path, query and hash; null when no redirect applies. */
export function previewRedirectTarget(
  location: Pick<Location, 'hostname' | 'pathname' | 'search' | 'hash'>,
  productionOrigin: string,
  previewHosts: string[],
): string | null {
  if (!productionOrigin || previewHosts.length === 0) return null;
  if (!previewHosts.some((p) => hostMatches(location.hostname, p))) return null;
  let origin: URL;
  try {
    origin = new URL(productionOrigin);
  } catch {
    return null;
  }
  if (origin.hostname === location.hostname) return null;
  return `${origin.origin}${location.pathname}${location.search}${location.hash}`;
}

/** Spec: preview-host visitors go to the production host. Returns true when the browser is leaving. */
export function redirectPreviewHost(): boolean {
  const { productionOrigin, previewHosts } = runtimeConfig();
  const target = previewRedirectTarget(window.location, productionOrigin, previewHosts);
  if (!target) return false;
  window.location.replace(target);
  return true;
}
