/**
 * The singletons every MER front end shares through Module Federation (the shell provides them; see
 * shell/src/federation/host.ts). Shared modules cannot be tree-shaken, so the router and the query library are
 * shared through small MER packages that re-export only what MER uses: @mer/router (react-router) and
 * @mer/server-state (@tanstack/react-query). Sharing react-router whole would add about 50 KB gzipped.
 * A remote lists only the packages it imports.
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: '^19.2.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.2.0' },
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
  '@mer/router': { singleton: true, requiredVersion: '^0.1.0' },
  '@mer/api-client': { singleton: true, requiredVersion: '^0.1.0' },
  '@mer/server-state': { singleton: true, requiredVersion: '^0.1.0' },
  '@mer/design-system': { singleton: true, requiredVersion: '^0.1.0' },
} as const;

export type SharedName = keyof typeof SHARED_SINGLETONS;

/**
 * The shared-module configuration of a remote: the packages it imports, provided by the shell only
 * (`import: false`), so a remote never downloads a fallback copy of its own.
 */
export function remoteSharedSingletons(...names: SharedName[]) {
  return Object.fromEntries(
    names.map((name) => [name, { ...SHARED_SINGLETONS[name], import: false as const }]),
  );
}
