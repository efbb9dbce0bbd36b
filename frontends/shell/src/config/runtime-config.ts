/**
 * Configuration the gateway serves at run time in /mf-config.js (loaded before the app), so that remotes and
 * hosts change without rebuilding the shell:
 *   window.__MER_REMOTES__ = { "access": "/remotes/access/remoteEntry.js", ... }
 *   window.__MER_CONFIG__  = { productionOrigin: "https://mer.example", previewHosts: ["preview.mer.example"], supportEmail: "..." }
 * Build-time values (VITE_PRODUCTION_ORIGIN, VITE_PREVIEW_HOSTS, VITE_SUPPORT_EMAIL) are the fallback.
 */
export interface MerRuntimeConfig {
  productionOrigin?: string;
  /** Host names that redirect to the production origin; "*.example.com" matches sub-domains. */
  previewHosts?: string[];
  supportEmail?: string;
}

declare global {
  interface Window {
    __MER_REMOTES__?: Record<string, string>;
    __MER_CONFIG__?: MerRuntimeConfig;
  }
}

export function remoteEntries(): Record<string, string> {
  return window.__MER_REMOTES__ ?? {};
}

/** A remote is deployed when the gateway lists it; areas without one show "coming soon". */
export function isRemoteDeployed(name: string): boolean {
  return typeof remoteEntries()[name] === 'string';
}

export function runtimeConfig(): Required<MerRuntimeConfig> {
  const fromServer = window.__MER_CONFIG__ ?? {};
  const envHosts = (import.meta.env.VITE_PREVIEW_HOSTS as string | undefined)
    ?.split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  return {
    productionOrigin:
      fromServer.productionOrigin ?? (import.meta.env.VITE_PRODUCTION_ORIGIN as string | undefined) ?? '',
    previewHosts: fromServer.previewHosts ?? envHosts ?? [],
    supportEmail:
      fromServer.supportEmail ??
      (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ??
      'support@mer.community',
  };
}
